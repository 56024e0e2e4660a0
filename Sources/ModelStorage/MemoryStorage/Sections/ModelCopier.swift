/// Copies the models a section's tree is built of (see `StoredSection`): a model whose type is
/// trivial and kept in the existential's inline buffer is copied as the container's four words,
/// any other as Swift copies an existential (a call of its type's copy witness). The witness
/// call is most of what copying an item of a plain struct into a leaf costs.
///
/// A type qualifies when it is POD (no references, nothing to retain or release), at most three
/// words large and at most word-aligned: the runtime keeps exactly such values (bitwise takable,
/// as every POD type is) in the inline buffer, so the container's words are the whole value and
/// a bitwise copy is a copy. Whether a type qualifies is found once, by opening one item of it,
/// for the first few types a copier meets (four of each answer); items of further types, and
/// every item when the existential's layout is not the one checked at start-up
/// (`existentialLayoutHolds`), are copied as Swift copies them.
struct ModelCopier {
    /// The type words of the qualifying types met so far (0: none yet).
    private var trivial: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
    /// The type words of the types met so far that do not qualify (0: none yet).
    private var other: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
    /// Whether the type word can be read in place (see `existentialLayoutHolds`).
    private let layoutHolds = existentialLayoutHolds

    /// Initializes `destination` (uninitialized memory) to a copy of the model at `item`. O(1).
    @inline(__always)
    mutating func initialize(_ destination: UnsafeMutablePointer<any Sendable>, to item: UnsafePointer<any Sendable>) {
        guard layoutHolds, let pointer = _containerTypeWord(item) else { return destination.initialize(to: item.pointee) }
        let word = UInt(bitPattern: pointer)
        if word == trivial.0 || word == trivial.1 || word == trivial.2 || word == trivial.3 {
            return UnsafeMutableRawPointer(destination).copyMemory(from: item, byteCount: MemoryLayout<any Sendable>.size)
        }
        if word == other.0 || word == other.1 || word == other.2 || word == other.3 {
            return destination.initialize(to: item.pointee)
        }
        learn(word, from: item)
        destination.initialize(to: item.pointee)
    }

    /// Remembers whether the type of the model at `item`, whose type word is `word`, qualifies
    /// (when there is room).
    @inline(never)
    private mutating func learn(_ word: UInt, from item: UnsafePointer<any Sendable>) {
        func opened<T>(_: T) -> Bool { Self.qualifies(T.self) }
        if _openExistential(item.pointee, do: opened) {
            Self.remember(word, in: &trivial)
        } else {
            Self.remember(word, in: &other)
        }
    }

    /// Whether a value of type `T` is trivial and kept in an existential's inline buffer (the
    /// container's size is checked by `existentialLayoutHolds`, before any type is learned).
    private static func qualifies<T>(_: T.Type) -> Bool { _isPOD(T.self) && _isKeptInline(T.self) }

    /// `word` in the first free place of `words`; nothing when all four are taken.
    private static func remember(_ word: UInt, in words: inout (UInt, UInt, UInt, UInt)) {
        if words.0 == 0 { words.0 = word } else if words.1 == 0 { words.1 = word }
        else if words.2 == 0 { words.2 = word } else if words.3 == 0 { words.3 = word }
    }
}
