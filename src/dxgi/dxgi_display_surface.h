// What IDXGIOutput::GetDisplaySurfaceData(1) copies: the image a fullscreen swapchain shows,
// fitted into the application's destination surface (docs/dxgi.md, Outputs).
#pragma once

#include "util/windows_base.h"

#include <d3d11.h>
#include <dxgi1_6.h>

namespace d3d11vk {

// A fullscreen swapchain, as the output's display surface: it copies the image it shows now.
class DisplaySurfaceSource {
public:
  virtual HRESULT copyShownImage(IDXGISurface* destination) = 0;
  // Whether `surface` is one of the swapchain's back buffers (IDXGIOutput::SetDisplaySurface).
  virtual bool isOwnBuffer(IDXGISurface* surface) = 0;

protected:
  ~DisplaySurfaceSource() = default;
};

// Fills `destination` from `shown` (a texture of `context`'s device) as the documentation says:
// stretched or shrunk with point sampling and converted between the 8-bit RGBA and BGRA formats;
// the same size and format is one CopyResource. The destination must be a 2D texture of the
// same device (a staging one needs CPU write access). DXGI_ERROR_INVALID_CALL, with one log line,
// for anything else.
HRESULT copyDisplaySurface(ID3D11DeviceContext* context, ID3D11Texture2D* shown, IDXGISurface* destination);

}  // namespace d3d11vk
