export default defineBackground(() => {
  // The engine is wired here by the extension issue; the foundation only proves the build.
});
