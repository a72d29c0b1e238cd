// The Direct2D interface and effect ids Wine's d2d1 tests name: the generated headers declare them
// (tools/conformance/run-wine-tests.sh, module d2d1) and mingw-w64's libdxguid lacks the newer
// ones, so this unit instantiates them (initguid.h turns the declarations into definitions).
#define COBJMACROS
#include <windows.h>
#include <initguid.h>
#include <d2d1_3.h>
#include <d2d1effects_2.h>
#include <d2d1effectauthor.h>
