// jsdom files: Testing Library's findBy*/waitFor give up after 1 s by default, which a loaded 2-core
// machine overruns (a lazy view, a call to the service, React's commit). A wait ends as soon as
// its state is there, so a generous budget costs nothing when the test passes (docs/testing.md,
// flake 9). Node-environment files do not load Testing Library for it.
if (typeof window !== "undefined" && typeof document !== "undefined") {
  require("@testing-library/dom").configure({ asyncUtilTimeout: 20_000 });
}
