// D3D11VK_EXPORT: marks the entry points a DLL or shared library exports. PE DLLs export through
// their .def files (which also give 32-bit exports their undecorated names); native shared
// libraries are built with hidden visibility and export exactly these.
#pragma once

#ifdef _WIN32
#define D3D11VK_EXPORT extern "C"
#else
#define D3D11VK_EXPORT extern "C" __attribute__((visibility("default")))
#endif
