// The readers linked in here from RealityAPI use its types without importing it (they are part
// of it there); this makes RealityAPI visible to every file of this target.
@_exported import RealityAPI
