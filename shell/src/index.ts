// The shell's shared modules are eager (rspack.config.ts), so no async boundary is needed before them.
import './bootstrap';
