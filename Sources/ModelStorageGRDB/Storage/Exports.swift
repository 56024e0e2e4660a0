#if GRDB
// The types DatabaseStorage's API shows come with `import ModelStorageGRDB`: the storages'
// (ModelStorage, and through it the diff types) and GRDB's (DatabaseWriter, QueryInterfaceRequest,
// DatabaseValue...).
@_exported import GRDB
@_exported import ModelStorage
#endif
