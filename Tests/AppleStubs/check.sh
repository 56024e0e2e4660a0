#!/usr/bin/env bash
# make apple-check: type-checks ModelStorageViews' UIKit and AppKit sources, and the README's and
# DocC articles' UIKit and AppKit examples, on Linux, against the interface stubs in this folder
# (UIKit.swift, AppKit.swift: Apple's documented declarations), with canImport(UIKit) or
# canImport(AppKit) true. Warnings are errors (a misspelled optional data source method is a
# "nearly matches" warning). Both spellings of the SDK's imported closures are checked.
#
# It also type-checks the view controllers in Apps/ (an app's code as a UIKit or AppKit developer
# writes it in code, beyond the README's), and Spellings/ (the data sources' spellings before
# issue 38, which must keep compiling with a deprecation warning).
#
# Then it proves that the check bites: each planted error (a misspelled method, a wrong argument
# label, a wrong argument type, a misspelled optional data source method, a wrong label on a cell
# registration's dequeue, a misspelled editing or drop method) must fail it.
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

for framework in UIKit AppKit; do
    echo "== $framework"
    for variant in documented sendable; do
        dir="$OUT/$framework-$variant"
        mkdir -p "$dir"
        define=(); [ "$variant" = sendable ] && define=(-D STUB_SENDABLE_CLOSURES)
        "$SWIFTC" -emit-module -module-name "$framework" "${FLAGS[@]}" "${define[@]}" \
            -emit-module-path "$dir/$framework.swiftmodule" "Tests/AppleStubs/$framework.swift" \
            $(ls Tests/AppleStubs/"$framework"+*.swift 2>/dev/null)
        # SwiftUI over this framework (its representables and hosting types are per framework).
        "$SWIFTC" -emit-module -module-name SwiftUI "${FLAGS[@]}" -warnings-as-errors -I "$dir" \
            -emit-module-path "$dir/SwiftUI.swiftmodule" Tests/AppleStubs/SwiftUI.swift
    done
    # The package's modules with the framework importable (its IndexPath names hide the package's).
    rm -rf "$OUT/package" && mkdir -p "$OUT/package"
    stubs="$OUT/$framework-documented"
    emit FingerprintDiff "$OUT/package" $(sources Sources/FingerprintDiff) -I "$stubs"
    emit ModelStorage "$OUT/package" $(sources Sources/ModelStorage) -I "$stubs"
    typecheck "$stubs" $(sources Sources/ModelStorageTesting)
    typecheck "$stubs" "${GRDB_FLAGS[@]}" $(sources Sources/ModelStorageGRDB)
    echo "   FingerprintDiff, ModelStorage, ModelStorageTesting, ModelStorageGRDB: no use of UIKit's or AppKit's IndexPath names"
    for variant in documented sendable; do
        dir="$OUT/$framework-$variant"
        emit ModelStorageViews "$dir" $(sources Sources/ModelStorageViews)
        echo "   ModelStorageViews ($variant closures): type-checks"
        rm -rf "$final_copy" && cp -r Sources/ModelStorageViews "$final_copy" && finalized "$final_copy"
        typecheck "$dir" $(sources "$final_copy")
        echo "   ModelStorageViews with final data sources ($variant closures): no near miss of an optional method"
        examples="$(extract_examples "$framework" "$dir/examples" "${EXAMPLE_DOCS[@]}")
$(extract_examples SwiftUI "$dir/examples-swiftui" "${EXAMPLE_DOCS[@]}")"
        [ -n "$examples" ] || { echo "no $framework example found in ${EXAMPLE_DOCS[*]}"; exit 1; }
        for example in $examples; do
            typecheck "$dir" "$example"
            echo "   example $(basename "$example"): type-checks"
        done
        for app in Tests/AppleStubs/Apps/$framework/*.swift Tests/AppleStubs/Apps/SwiftUI/*.swift; do
            typecheck "$dir" "$app"
            echo "   app $(basename "$app"): type-checks"
        done
        # Today's spellings before issue 38 keep compiling, deprecated.
        for old in Tests/AppleStubs/Spellings/$framework/*.swift; do
            "$SWIFTC" -typecheck "${FLAGS[@]}" -I "$dir" -I "$OUT/package" -I CSources/CFingerprintDiff/include \
                "$old" > "$OUT/spellings.log" 2>&1 || { cat "$OUT/spellings.log"; exit 1; }
            grep -q "'init(updater:cellProvider:)' is deprecated" "$OUT/spellings.log" \
                || { echo "$old: no deprecation warning"; cat "$OUT/spellings.log"; exit 1; }
            echo "   $(basename "$old"): today's spellings compile, deprecated"
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
plant AppKit SwiftUI/StorageList+AppKit.swift "guard edge == .trailing" "guard edge == .right" \
    "cannot convert value of type 'NSTableView.RowActionEdge'"
plant AppKit SwiftUI/StorageList+AppKit.swift 'NSTableViewRowAction(style: .destructive, title: "Delete")' \
    'NSTableViewRowAction(style: .destructive, label: "Delete")' "argument label"
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
planted_copy DataSources/TableViewDataSource+UIKit.swift "open class TableViewDataSource: NSObject {" \
    "open class TableViewDataSource<Source>: NSObject {"
if objc_conformances_of_generic_classes "$copy" >/dev/null; then echo "the check did not catch a generic data source"; exit 1; fi
echo "   caught: a generic class conforming to UITableViewDataSource in an extension"
echo "apple-check: passed"
