// Workers (wrangler/esbuild `CompiledWasm` rule, on by default) import a `.wasm` file as a compiled module.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
