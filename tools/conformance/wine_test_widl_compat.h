// For test modules built against headers that widl generated from Wine's IDL beside mingw-w64's own
// (the d2d1 module: tools/conformance/run-wine-tests.sh). Included after wine_test_compat.h.
//
// Calls that return a structure (ID2D1RenderTarget_GetSize and the like) exist in C only as the
// inline wrappers behind WIDL_C_INLINE_WRAPPERS. mingw-w64 writes those wrappers
// "static FORCEINLINE" while its FORCEINLINE already says "extern __inline__", which C refuses as
// two storage classes; a FORCEINLINE without the storage class serves both header sets.
#include <windows.h>
#undef FORCEINLINE
#define FORCEINLINE __inline__ __attribute__((__always_inline__))
#define WIDL_C_INLINE_WRAPPERS
// Wine's include/wine/debug.h offers these short names to Wine's own sources only (__WINESRC__).
#define debugstr_w(s) wine_dbgstr_w(s)
#define debugstr_guid(g) wine_dbgstr_guid(g)
