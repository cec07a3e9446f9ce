// The project's one seeded generator lives in its own module so that Out of Box's core, which
// depends on Foundation alone, shares it; RealityCore's users see it as before.
@_exported import SeededRandom
