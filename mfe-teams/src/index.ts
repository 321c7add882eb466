// Async boundary: shared modules are negotiated before any of them is used (VERIFIED.md, RUNTIME-006).
import('./bootstrap');
