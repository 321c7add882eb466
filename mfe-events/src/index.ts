// Async boundary: shared modules are negotiated before any of them is used (without it the page stays blank with Module Federation's RUNTIME-006 'Invalid loadShareSync function call').
import('./bootstrap');
