// The Mermaid entry point bundled into one module the panel imports at run time.
export { default } from "mermaid";
