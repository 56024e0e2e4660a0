#!/usr/bin/env bash
# make apple-check: type-checks ModelStorageViews' UIKit and AppKit sources, and the README's and
# DocC articles' UIKit and AppKit examples, on Linux, against the interface stubs in this folder
# (UIKit.swift, AppKit.swift: Apple's documented declarations), with canImport(UIKit) or
# canImport(AppKit) true. Warnings are errors (a misspelled optional data source method is a
# "nearly matches" warning). Both spellings of the SDK's imported closures are checked.
#
# It also type-checks the screens in Apps/ (an app's code as a UIKit, AppKit or SwiftUI developer
# writes it, beyond the README's; the SwiftUI ones over UIKit and AppKit, the database one against
# ModelStorageGRDB built as a module), and Spellings/ (earlier spellings, which must keep compiling
# with a deprecation warning).
#
# Platforms: os(...) is false on Linux, so every copy checked here has its platform conditions
# rewritten (os(iOS) -> STUB_OS_IOS, targetEnvironment(macCatalyst) -> STUB_MACCATALYST, ...) with
# only its platform's defined, and stubs in which what Apple marks unavailable on that platform
# (`@available(tvOS, unavailable)`) is unavailable (`@available(*, unavailable)`): iOS and macOS
# (sources, examples, apps), then tvOS, visionOS and Mac Catalyst (sources).
#
# Availability above the package's minimum OS versions (iOS 16, macOS 13, tvOS 16, visionOS 1):
# Linux ignores `@available(iOS 17, *)`, so a copy of the stubs, sources and apps is checked with
# each such iOS (and macOS) version turned into a custom availability domain (iOS17, macOS14, ...;
# the experimental feature CustomAvailability, domains declared unavailable in a Clang module):
# a declaration introduced above the minimum and used outside `@available`/`#available` fails.
#
# Every public symbol of ModelStorageViews as built for iOS and for macOS has a doc comment
# (Tests/DocCoverage/coverage.py over the symbol graphs of those builds).
#
# Then it proves that the check bites: each planted error (a misspelled method, a wrong argument
# label, a wrong argument type, a misspelled optional data source method, a wrong label on a cell
# registration's dequeue, a misspelled editing or drop method, an outline data source's or
# adapter's misspelling, an outline screen's) must fail it.
#
# And that the package's own IndexPath(item:section:), .item and .section exist only where UIKit
# and AppKit do not: the package's modules are compiled here with UIKit (or AppKit) importable,
# which hides the package's definitions, without importing it, so a use of any of them in the
# package's sources fails; and a file importing the package and UIKit (or AppKit) uses each name
# without ambiguity.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFTC=${SWIFTC:-swiftc}
OUT=.build/apple-check
rm -rf "$OUT"
mkdir -p "$OUT"
FLAGS=(-swift-version 6 -parse-as-library -package-name modelstorage)
sources() { find "$1" -name '*.swift' | sort; }
EXAMPLE_DOCS=(README.md $(find Sources -path '*.docc/*.md' | sort))
# GRDB, for type-checking ModelStorageGRDB (built as make test builds it; nothing rebuilt after).
swift build --traits SystemXXHash,GRDB,InternalChecks --target GRDB >/dev/null
GRDB_FLAGS=(-D GRDB -I "$(swift build --traits SystemXXHash,GRDB,InternalChecks --show-bin-path)/Modules"
            -I .build/checkouts/GRDB.swift/Sources/GRDBSQLite)

# Writes each ```swift block of the given Markdown files that imports FRAMEWORK to
# OUT/<file>_<n>.swift and prints the paths (awk: nothing to install).
extract_examples() { # framework, out, files...
    local framework=$1 out=$2; shift 2
    mkdir -p "$out"
    for file in "$@"; do
        local name; name=$(echo "${file%.md}" | sed 's/[^A-Za-z0-9]\{1,\}/_/g')
        awk -v out="$out/$name" -v framework="$framework" '
            /^```swift$/ { inside = 1; block = ""; next }
            inside && /^```$/ {
                inside = 0
                if (block ~ ("(^|\n)import " framework "\n")) {
                    path = out "_" (count + 0) ".swift"; printf "%s", block > path; close(path); print path
                }
                count++; next
            }
            inside { block = block $0 "\n" }' "$file"
    done
}

emit() { # module, include dirs (as -I flags), sources...
    local module=$1 dir=$2; shift 2
    "$SWIFTC" -emit-module -module-name "$module" "${FLAGS[@]}" -warnings-as-errors \
        -I "$dir" -I "$OUT/package" -I CSources/CFingerprintDiff/include \
        -emit-module-path "$dir/$module.swiftmodule" "$@"
}
typecheck() { # dir, sources...
    local dir=$1; shift
    "$SWIFTC" -typecheck "${FLAGS[@]}" -warnings-as-errors \
        -I "$dir" -I "$OUT/package" -I CSources/CFingerprintDiff/include "$@"
}

# Swift refuses an Objective-C protocol's conformance declared in an extension of a generic
# class ("extensions of generic classes cannot contain '@objc' members"), which the stubs cannot
# show (no Objective-C on Linux): the classes that conform to UIKit's or AppKit's protocols in an
# extension must not be generic.
objc_conformances_of_generic_classes() { # sources folder
    local folder=$1 found=0
    while read -r type; do
        if grep -rqE "class $type<" "$folder"; then echo "   $type is generic and conforms to an Objective-C protocol in an extension"; found=1; fi
    done < <(grep -rhoE "^extension [A-Za-z]+: (UI|NS)[A-Za-z]+(DataSource|Delegate)" "$folder" | awk '{ sub(":", "", $2); print $2 }' | sort -u)
    return $found
}
# Swift reports a misspelled optional method ("nearly matches") in an extension of a final class
# but not of an open one, and the data sources are open (to be subclassed, as Apple's are): their
# UIKit and AppKit methods are also type-checked in a copy where the data sources are final.
finalized() { # folder: its data sources made final classes, their open members public
    find "$1" -name '*.swift' -print0 | xargs -0 perl -pi -e \
        's/^open class (\w+DataSource)\b/public final class $1/; s/^(\s+)open (func|var)\b/$1public $2/'
}
final_copy="$OUT/final-data-sources"

echo "== Objective-C conformances in extensions"
objc_conformances_of_generic_classes Sources/ModelStorageViews || exit 1
echo "   none on a generic class"

# A copy of `folder` (sources, apps) for `platform`: its os(...) and targetEnvironment(...)
# conditions become defines, of which only the platform's is set (platform_defines).
for_platform() { # folder, destination
    rm -rf "$2" && mkdir -p "$(dirname "$2")" && cp -r "$1" "$2"
    find "$2" -name '*.swift' -print0 | xargs -0 perl -pi -e \
        's/\bos\((\w+)\)/"STUB_OS_".uc($1)/ge; s/\btargetEnvironment\(macCatalyst\)/STUB_MACCATALYST/g'
}
platform_defines() { # platform: iOS, macOS, tvOS, visionOS, macCatalyst
    case $1 in
        macCatalyst) echo "-D STUB_OS_IOS -D STUB_MACCATALYST" ;;
        *) echo "-D STUB_OS_$(echo "$1" | tr '[:lower:]' '[:upper:]')" ;;
    esac
}
# The stubs of `framework` for `platform`: what Apple marks unavailable there is unavailable.
platform_stubs() { # framework, platform, destination folder
    local framework=$1 platform=$2 out=$3
    rm -rf "$out" && mkdir -p "$out"
    cp Tests/AppleStubs/"$framework".swift Tests/AppleStubs/SwiftUI*.swift "$out"/
    cp $(ls Tests/AppleStubs/"$framework"+*.swift 2>/dev/null) "$out"/ 2>/dev/null || true
    local names=$platform; [ "$platform" = macCatalyst ] && names="macCatalyst|iOS"
    # A protocol requirement cannot be unavailable (outside Objective-C): on that platform it is
    # left out (the attribute's line, the requirement's two lines).
    find "$out" -name '*.swift' -print0 | xargs -0 perl -0pi -e \
        "s/ *\@available\((?:$names), unavailable\) \/\/ requirement[^\n]*\n[^\n]*\n[^\n]*\n//g;
         s/\@available\((?:$names), unavailable\)/\@available(*, unavailable)/g"
}
# Builds the framework's and SwiftUI's stub modules into `dir` from the stubs in `stubs`.
stub_modules() { # framework, stubs folder, dir, extra flags...
    local framework=$1 stubs=$2 dir=$3; shift 3
    mkdir -p "$dir"
    "$SWIFTC" -emit-module -module-name "$framework" "${FLAGS[@]}" "$@" \
        -emit-module-path "$dir/$framework.swiftmodule" "$stubs/$framework.swift" $(ls "$stubs/$framework"+*.swift 2>/dev/null)
    "$SWIFTC" -emit-module -module-name SwiftUI "${FLAGS[@]}" -warnings-as-errors "$@" -I "$dir" \
        -emit-module-path "$dir/SwiftUI.swiftmodule" $(ls "$stubs"/SwiftUI*.swift)
}

for framework in UIKit AppKit; do
    echo "== $framework"
    platform=iOS; [ "$framework" = AppKit ] && platform=macOS
    defines=($(platform_defines $platform))
    platform_stubs "$framework" "$platform" "$OUT/stubs-$framework"
    for variant in documented sendable; do
        define=(); [ "$variant" = sendable ] && define=(-D STUB_SENDABLE_CLOSURES)
        stub_modules "$framework" "$OUT/stubs-$framework" "$OUT/$framework-$variant" "${define[@]}"
    done
    # The package's modules with the framework importable (its IndexPath names hide the package's).
    rm -rf "$OUT/package" && mkdir -p "$OUT/package"
    stubs="$OUT/$framework-documented"
    emit FingerprintDiff "$OUT/package" $(sources Sources/FingerprintDiff) -I "$stubs"
    emit ModelStorage "$OUT/package" $(sources Sources/ModelStorage) -I "$stubs"
    typecheck "$stubs" $(sources Sources/ModelStorageTesting)
    echo "   FingerprintDiff, ModelStorage, ModelStorageTesting: no use of UIKit's or AppKit's IndexPath names"
    views="$OUT/views-$platform" apps="$OUT/apps-$platform"
    for_platform Sources/ModelStorageViews "$views"
    for_platform Tests/AppleStubs/Apps "$apps"
    for variant in documented sendable; do
        dir="$OUT/$framework-$variant"
        graphs=(); [ "$variant" = documented ] && graphs=(-emit-symbol-graph -emit-symbol-graph-dir "$OUT/symbols-$platform")
        mkdir -p "$OUT/symbols-$platform"
        emit ModelStorageViews "$dir" "${defines[@]}" "${graphs[@]}" $(sources "$views")
        echo "   ModelStorageViews ($platform, $variant closures): type-checks"
        if [ "$variant" = documented ]; then
            # Every public symbol of this build (its UIKit or AppKit data sources, StorageList) has
            # a doc comment (make doc-coverage checks the Linux build's).
            python3 Tests/DocCoverage/coverage.py --label "   $platform" --modules ModelStorageViews --strip "$PWD/$views" "$OUT/symbols-$platform"
        fi
        emit ModelStorageGRDB "$dir" -I "$stubs" $(sources Sources/ModelStorageGRDB) "${GRDB_FLAGS[@]}"
        echo "   ModelStorageGRDB ($variant closures): a module, no use of UIKit's or AppKit's IndexPath names"
        rm -rf "$final_copy" && cp -r "$views" "$final_copy" && finalized "$final_copy"
        typecheck "$dir" "${defines[@]}" $(sources "$final_copy")
        echo "   ModelStorageViews with final data sources ($variant closures): no near miss of an optional method"
        examples="$(extract_examples "$framework" "$dir/examples" "${EXAMPLE_DOCS[@]}")
$(extract_examples SwiftUI "$dir/examples-swiftui" "${EXAMPLE_DOCS[@]}")"
        [ -n "$examples" ] || { echo "no $framework example found in ${EXAMPLE_DOCS[*]}"; exit 1; }
        for example in $examples; do
            typecheck "$dir" "${defines[@]}" "$example" "${GRDB_FLAGS[@]}"
            echo "   example $(basename "$example"): type-checks"
        done
        for app in "$apps"/$framework/*.swift "$apps"/SwiftUI/*.swift; do
            typecheck "$dir" "${defines[@]}" "$app" "${GRDB_FLAGS[@]}"
            echo "   app $(basename "$app"): type-checks"
        done
        # Earlier spellings keep compiling, deprecated.
        for old in Tests/AppleStubs/Spellings/$framework/*.swift Tests/AppleStubs/Spellings/SwiftUI/*.swift; do
            "$SWIFTC" -typecheck "${FLAGS[@]}" -I "$dir" -I "$OUT/package" -I CSources/CFingerprintDiff/include \
                "$old" > "$OUT/spellings.log" 2>&1 || { cat "$OUT/spellings.log"; exit 1; }
            for expected in $(sed -n 's/^\/\/ deprecated: //p' "$old"); do
                grep -qF "'$expected' is deprecated" "$OUT/spellings.log" \
                    || { echo "$old: no deprecation warning for $expected"; cat "$OUT/spellings.log"; exit 1; }
            done
            grep -q "is deprecated" "$OUT/spellings.log" || { echo "$old: no deprecation warning"; exit 1; }
            echo "   $(basename "$(dirname "$old")")/$(basename "$old"): earlier spellings compile, deprecated"
        done
        names="$dir/IndexPathNames.swift"
        { echo "import FingerprintDiff"; echo "import ModelStorage"; echo "import ModelStorageViews"; echo "import $framework"
          echo "func indexPathNames() -> Int {"
          echo "    var path = IndexPath(item: 1, section: 0)"
          echo "    path.item += 1"
          [ "$framework" = UIKit ] && echo "    path.row += IndexPath(row: 2, section: 0).row"
          echo "    return path.item + path.section"
          echo "}"; } > "$names"
        typecheck "$dir" "$names"
    done
    echo "   IndexPath(item:section:), .item, .section (and .row): one definition each"
done

# tvOS, visionOS and Mac Catalyst: the sources with their platform's conditions, against UIKit's
# stubs without what Apple marks unavailable there. (The package's other modules are the iOS ones:
# they use no UIKit.)
rm -rf "$OUT/package" && mkdir -p "$OUT/package"
emit FingerprintDiff "$OUT/package" $(sources Sources/FingerprintDiff) -I "$OUT/UIKit-documented"
emit ModelStorage "$OUT/package" $(sources Sources/ModelStorage) -I "$OUT/UIKit-documented"
check_platform() { # platform, sources folder (a copy for the platform): type-checks them there
    local platform=$1 views=$2 dir="$OUT/UIKit-$1"
    platform_stubs UIKit "$platform" "$OUT/stubs-$platform"
    stub_modules UIKit "$OUT/stubs-$platform" "$dir"
    emit ModelStorageViews "$dir" $(platform_defines "$platform") $(sources "$views")
}
for platform in tvOS visionOS macCatalyst; do
    echo "== $platform"
    for_platform Sources/ModelStorageViews "$OUT/views-$platform"
    check_platform "$platform" "$OUT/views-$platform"
    echo "   ModelStorageViews: type-checks (StorageList, the data sources)"
done

# Availability above the minimum OS versions, as custom availability domains (see above).
echo "== availability above iOS 16 and macOS 13"
domains="$OUT/domains"
mkdir -p "$domains"
{ echo '#include <feature-availability.h>'
  for domain in iOS17 iOS18 iOS26 macOS14 macOS15 macOS26; do
      echo "static struct __AvailabilityDomain $domain __attribute__((availability_domain($domain))) = {__AVAILABILITY_DOMAIN_DISABLED, 0};"
  done; } > "$domains/domains.h"
echo 'module AvailabilityDomains { header "domains.h" export * }' > "$domains/module.modulemap"
# A copy of `folder` whose iOS (or macOS) versions above the minimum are domains: an attribute
# `@available(..., iOS 17, ...)` becomes `@available(iOS17)`, `#available(..., iOS 18, ...)`
# becomes `#available(iOS17), #available(iOS18)` (each domain below implied), and each file
# that names one imports the domains.
above_minimum() { # platform (iOS or macOS), minimum major version, folder, destination
    local platform=$1 minimum=$2
    rm -rf "$4" && mkdir -p "$(dirname "$4")" && cp -r "$3" "$4"
    find "$4" -name '*.swift' -print0 | PLATFORM=$platform MINIMUM=$minimum xargs -0 perl -0pi -e '
        my ($p, $min) = ($ENV{PLATFORM}, $ENV{MINIMUM});
        my @known = $p eq "iOS" ? (17, 18, 26) : (14, 15, 26);
        sub domains { my ($v, $sep, $mark) = @_; join($sep, map { "$mark($p$_)" } grep { $_ <= $v } @known) }
        my $count = 0;
        $count += s/\@available\(([^()]*?\b\Q$p\E (\d+)(?:\.\d+)*[^()]*)\)/ $2 > $min ? domains($2, " ", "\@available") : "\@available($1)" /ge;
        $count += s/#available\(([^()]*?\b\Q$p\E (\d+)(?:\.\d+)*[^()]*)\)/ $2 > $min ? domains($2, ", ", "#available") : "#available($1)" /ge;
        $_ = "import AvailabilityDomains\n$_" if /(?:\@|#)available\(\Q$p\E\d+\)/;'
}
AVAILABILITY=(-enable-experimental-feature CustomAvailability -I "$domains")
check_availability() { # framework, platform, minimum, app files...: builds the domain copies
    local framework=$1 platform=$2 minimum=$3; shift 3
    local dir="$OUT/$framework-availability" stubs="$OUT/stubs-$framework-availability"
    platform_stubs "$framework" "$platform" "$OUT/stubs-$framework-plain"
    above_minimum "$platform" "$minimum" "$OUT/stubs-$framework-plain" "$stubs"
    stub_modules "$framework" "$stubs" "$dir" "${AVAILABILITY[@]}"
    rm -rf "$OUT/package" && mkdir -p "$OUT/package"
    emit FingerprintDiff "$OUT/package" $(sources Sources/FingerprintDiff) -I "$dir"
    above_minimum "$platform" "$minimum" Sources/ModelStorage "$OUT/storage-$platform-availability"
    emit ModelStorage "$OUT/package" "${AVAILABILITY[@]}" $(sources "$OUT/storage-$platform-availability") -I "$dir"
    above_minimum "$platform" "$minimum" "$OUT/views-$platform" "$OUT/views-$platform-availability"
    emit ModelStorageViews "$dir" "${AVAILABILITY[@]}" $(platform_defines "$platform") $(sources "$OUT/views-$platform-availability")
    above_minimum "$platform" "$minimum" "$OUT/apps-$platform" "$OUT/apps-$platform-availability"
    for app in "$OUT/apps-$platform-availability"/$framework/*.swift "$OUT/apps-$platform-availability"/SwiftUI/*.swift; do
        case $app in *Bookshelf.swift) continue ;; esac   # ModelStorageGRDB is not rebuilt here
        typecheck "$dir" "${AVAILABILITY[@]}" $(platform_defines "$platform") "$app"
    done
}
check_availability UIKit iOS 16
echo "   ModelStorageViews and the apps over UIKit: nothing above iOS 16 used outside @available/#available"
check_availability AppKit macOS 13
echo "   ModelStorageViews and the apps over AppKit: nothing above macOS 13 used outside @available/#available"

# Planted errors: each must fail the check.
copy="$OUT/planted"
planted_copy() { # file, from, to: a copy of ModelStorageViews in $copy, with `from` replaced in `file`
    local file=$1 from=$2 to=$3
    rm -rf "$copy" && cp -r Sources/ModelStorageViews "$copy"
    grep -qF -- "$from" "$copy/$file" || { echo "planted error not applied: $from"; exit 1; }
    FROM="$from" TO="$to" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$copy/$file"
    finalized "$copy"
}
plant() { # framework, file, from, to, expected diagnostic
    local framework=$1 file=$2 from=$3 to=$4 expected=$5
    planted_copy "$file" "$from" "$to"
    local log="$OUT/planted.log"
    if typecheck "$OUT/$framework-documented" $(sources "$copy") >"$log" 2>&1; then
        echo "the check did not catch: $from -> $to"; exit 1
    fi
    grep -qF -- "$expected" "$log" || { echo "unexpected failure for $from -> $to:"; cat "$log"; exit 1; }
    echo "   caught: ${from} -> ${to}"
}
echo "== planted errors"
plant UIKit Operations/UITableView+Operations.swift "tableView.reconfigureRows(at: indexPaths)" \
    "tableView.reconfigureRow(at: indexPaths)" "has no member 'reconfigureRow'"
plant UIKit Operations/UITableView+Operations.swift "tableView.insertRows(at: indexPaths, with: animation)" \
    "tableView.insertRows(at: indexPaths, animation: animation)" "argument label"
plant UIKit Operations/UICollectionView+Operations.swift "collectionView.insertItems(at: indexPaths)" \
    "collectionView.insertItems(at: Set(indexPaths))" "cannot convert value"
plant UIKit DataSources/TableViewDataSource+UIKit.swift "titleForHeaderInSection section: Int" \
    "titleForHeaderInSecton section: Int" "nearly matches"
plant AppKit Operations/NSTableView+Operations.swift "tableView.moveRow(at: oldIndex, to: newIndex)" \
    "tableView.moveRows(at: oldIndex, to: newIndex)" "has no member 'moveRows'"
plant AppKit Operations/NSTableView+Operations.swift "tableView.removeRows(at: indexes, withAnimation: animationOptions)" \
    "tableView.removeRows(at: indexes, animation: animationOptions)" "extra argument 'animation'"
plant AppKit Operations/NSCollectionView+Operations.swift "collectionView.insertItems(at: Set(indexPaths))" \
    "collectionView.insertItems(at: indexPaths)" "cannot convert value"
plant AppKit DataSources/TableViewDataSource+AppKit.swift "func numberOfRows(in tableView: NSTableView)" \
    "func numberOfRow(in tableView: NSTableView)" "nearly matches"
plant UIKit DataSources/CollectionViewDataSource+UIKit.swift "dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)" \
    "dequeueConfiguredReusableCell(registration: registration, for: indexPath, item: item)" "argument label"
plant UIKit DataSources/TableViewDataSource+UIKit.swift "moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)" \
    "moveRowsAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)" "nearly matches"
plant UIKit DataSources/CollectionViewDataSource+UIKit.swift "canMoveItemAt indexPath: IndexPath) -> Bool" \
    "canMoveItemsAt indexPath: IndexPath) -> Bool" "nearly matches"
plant AppKit DataSources/TableViewDataSource+AppKit.swift "acceptDrop info: any NSDraggingInfo, row: Int," \
    "acceptDrop info: any NSDraggingInfo, rows row: Int," "nearly matches"
plant AppKit DataSources/OutlineViewBridge+AppKit.swift "numberOfChildrenOfItem item: Any?) -> Int" \
    "numberOfChildrenOfItems item: Any?) -> Int" "nearly matches"
plant AppKit DataSources/OutlineViewBridge+AppKit.swift "acceptDrop info: any NSDraggingInfo, item: Any?," \
    "acceptDrop info: any NSDraggingInfo, parent item: Any?," "nearly matches"
plant AppKit DataSources/OutlineViewBridge+AppKit.swift "func outlineViewItemDidCollapse(_ notification: Notification)" \
    "func outlineViewItemDidCollapsed(_ notification: Notification)" "nearly matches"
plant AppKit Adapters/OutlineViewAdapter.swift "outlineView.moveItem(at: fromIndex, inParent: oldParent, to: toIndex, inParent: newParent)" \
    "outlineView.moveItem(at: fromIndex, inParent: oldParent, toIndex: toIndex, inParent: newParent)" "incorrect argument label"
plant AppKit Adapters/OutlineViewAdapter.swift "outlineView.insertItems(at: indexes, inParent: parent, withAnimation: insertAnimation)" \
    "outlineView.insertItems(at: indexes, inParent: parent, animation: insertAnimation)" "argument"
plant AppKit SwiftUI/StorageList+AppKit.swift "guard edge == .trailing" "guard edge == .right" \
    "cannot convert value of type 'NSTableView.RowActionEdge'"
plant AppKit SwiftUI/StorageList+AppKit.swift 'NSTableViewRowAction(style: .destructive, title: "Delete")' \
    'NSTableViewRowAction(style: .destructive, label: "Delete")' "argument label"
plant AppKit SwiftUI/OutlineList/OutlineListView+AppKit.swift "event.specialKey == .deleteForward" \
    "event.specialKey == .forwardDelete" "has no member 'forwardDelete'"
plant AppKit SwiftUI/StorageList+AppKitOutline.swift "outlineView.outlineTableColumn = column" \
    "outlineView.outlineColumn = column" "has no member 'outlineColumn'"
# A SwiftUI screen's mistakes, in a copy of the SwiftUI app, under both frameworks.
plant_app() { # framework, from, to, expected diagnostic
    local framework=$1 from=$2 to=$3 expected=$4 app=Tests/AppleStubs/Apps/SwiftUI/Library.swift
    local planted="$OUT/planted-app.swift" log="$OUT/planted-app.log"
    grep -qF -- "$from" "$app" || { echo "planted error not applied: $from"; exit 1; }
    FROM="$from" TO="$to" perl -0pe 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$app" > "$planted"
    if typecheck "$OUT/$framework-documented" "$planted" >"$log" 2>&1; then
        echo "the check did not catch: $from -> $to"; exit 1
    fi
    grep -qF -- "$expected" "$log" || { echo "unexpected failure for $from -> $to:"; cat "$log"; exit 1; }
    echo "   caught ($framework): ${from} -> ${to}"
}
for framework in UIKit AppKit; do
    plant_app "$framework" ".selection(\$selected)" ".selection(binding: \$selected)" "extraneous argument label"
    plant_app "$framework" "Text(song.title)" "song.title" "conform to 'View'"
    plant_app "$framework" ".navigationTitle(" ".navigationTitel(" "has no member 'navigationTitel'"
done
# Any screen's mistakes: `app` (a path under Apps/) with `from` replaced, for `platform`.
plant_screen() { # framework, platform, app, from, to, expected diagnostic
    local framework=$1 platform=$2 app=$3 from=$4 to=$5 expected=$6
    local planted="$OUT/planted-screen" log="$OUT/planted-screen.log"
    grep -qF -- "$from" "Tests/AppleStubs/Apps/$app" || { echo "planted error not applied: $from"; exit 1; }
    for_platform Tests/AppleStubs/Apps "$planted"
    local copied; copied=$(echo "$from" | perl -pe 's/\bos\((\w+)\)/"STUB_OS_".uc($1)/ge')
    FROM="$copied" TO="$to" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$planted/$app"
    if typecheck "$OUT/$framework-documented" $(platform_defines "$platform") "$planted/$app" "${GRDB_FLAGS[@]}" >"$log" 2>&1; then
        echo "the check did not catch: $from -> $to ($app)"; exit 1
    fi
    grep -qF -- "$expected" "$log" || { echo "unexpected failure for $from -> $to:"; cat "$log"; exit 1; }
    echo "   caught ($framework, $app): ${from} -> ${to}"
}
plant_screen UIKit iOS SwiftUI/Posts.swift "Binding(get: { @MainActor in opened != nil }" "Binding(get: { opened != nil }" \
    "main actor-isolated property 'opened' can not be referenced from a Sendable closure"
plant_screen AppKit macOS SwiftUI/Library.swift '.onDelete(Song.self) { song in print("deleted", song.title) }' \
    '.onDelete { song in print("deleted", song) }' "a MemoryStorage holds items of several types"
plant_screen UIKit iOS SwiftUI/Library.swift "@State private var selected: Set<ItemKey> = []" \
    "@State private var selected: Set<Int> = []" "no exact matches in call to instance method 'selection'"
plant_screen AppKit macOS AppKit/ProjectNavigator.swift "outlineView.autosaveExpandedItems = true" \
    "outlineView.autosavesExpandedItems = true" "has no member 'autosavesExpandedItems'"
plant_screen AppKit macOS AppKit/ProjectNavigator.swift "dataSource.selectItems(withIDs: [group.id])" \
    "dataSource.selectItems(withIDs: [group])" "cannot convert value"
plant_screen AppKit macOS SwiftUI/Playlists.swift "#if os(iOS) || os(visionOS)" "#if true" "'EditButton' is unavailable"
# tvOS: a refresh control outside its platform condition.
planted_copy SwiftUI/StorageList+UIKit.swift "        guard let view = collectionView else { return }
" "        guard let view = collectionView else { return }
        view.refreshControl = nil
"
for_platform "$copy" "$OUT/planted-tvOS"
if check_platform tvOS "$OUT/planted-tvOS" >"$OUT/planted.log" 2>&1; then echo "the check did not catch a refresh control on tvOS"; exit 1; fi
grep -qF "'refreshControl' is unavailable" "$OUT/planted.log" || { cat "$OUT/planted.log"; exit 1; }
echo "   caught (tvOS): the list's refresh control outside #if !os(tvOS)"
# Availability: an iOS 17 declaration of the package used without @available.
rm -rf "$OUT/views-iOS-planted" && cp -r "$OUT/views-iOS" "$OUT/views-iOS-planted"
FROM='    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func summary(' TO='    public func summary(' perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$OUT/views-iOS-planted/SwiftUI/StorageList.swift"
grep -q "^    public func summary(" "$OUT/views-iOS-planted/SwiftUI/StorageList.swift" || { echo "planted error not applied: summary's @available"; exit 1; }
above_minimum iOS 16 "$OUT/views-iOS-planted" "$OUT/views-iOS-planted-availability"
if emit ModelStorageViews "$OUT/UIKit-availability" "${AVAILABILITY[@]}" $(platform_defines iOS) \
    $(sources "$OUT/views-iOS-planted-availability") >"$OUT/planted.log" 2>&1; then
    echo "the check did not catch an iOS 17 declaration used in iOS 16 code"; exit 1
fi
grep -qF "is only available in iOS17" "$OUT/planted.log" || { cat "$OUT/planted.log"; exit 1; }
echo "   caught (availability): StorageList.summary(_:) without @available(iOS 17, ...)"
planted_copy DataSources/TableViewDataSource+UIKit.swift "open class TableViewDataSource: NSObject {" \
    "open class TableViewDataSource<Source>: NSObject {"
if objc_conformances_of_generic_classes "$copy" >/dev/null; then echo "the check did not catch a generic data source"; exit 1; fi
echo "   caught: a generic class conforming to UITableViewDataSource in an extension"
echo "apple-check: passed"
