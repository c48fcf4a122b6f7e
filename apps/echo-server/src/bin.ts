#!/usr/bin/env node
// The mcpkit-echo command's entry. On Node >= 22.1 it first turns on the module compile cache
// (compiled code kept on disk, in the OS temp directory, between runs; NODE_DISABLE_COMPILE_CACHE=1
// turns it off): startup is mostly parsing and compiling modules, and the bench's
// startup-compile-cache row measured about a sixth less CPU to the first tools/list on Node 26.
// Older Node has no such function and skips it. The program is imported only afterwards, so that
// its modules are compiled with the cache on.
import nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./main.js');
