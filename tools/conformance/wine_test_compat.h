// Definitions Wine's include/wine/test.h and the d3d11 tests expect from Wine's own Windows
// headers, for a build against mingw-w64's headers (tools/conformance/run-wine-d3d11-tests.sh).
#define COBJMACROS
#include <windows.h>
#ifndef __WINE_ALLOC_SIZE
#define __WINE_ALLOC_SIZE(...)
#endif
#ifndef __WINE_MALLOC
#define __WINE_MALLOC
#endif
#ifndef ENABLE_PROCESSED_OUTPUT
#define ENABLE_PROCESSED_OUTPUT 1
#endif
#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 4
#endif
