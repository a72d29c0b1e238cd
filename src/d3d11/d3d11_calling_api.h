// D3D10CallScope: marks the calls the D3D10 face (src/d3d10) forwards into ID3D11DeviceContext,
// so the immediate context can tell them from the application's own ID3D11DeviceContext calls.
#pragma once

namespace d3d11vk {

// A context state object made for one API switches off the other API's binding methods while it
// is active (SwapDeviceContextState). The D3D10 face has no context of its own: it calls the
// D3D11 context's public methods, so those methods need to know which interface the application
// called. Each D3D10 device method holds a scope while it forwards; nesting and threads are
// counted per thread, since another thread may call ID3D11DeviceContext at the same time.
class D3D10CallScope {
public:
  D3D10CallScope() { ++depth(); }
  ~D3D10CallScope() { --depth(); }
  D3D10CallScope(const D3D10CallScope&) = delete;
  D3D10CallScope& operator=(const D3D10CallScope&) = delete;

  // Whether the current thread is inside a D3D10 device method.
  static bool active() { return depth() > 0; }

private:
  static int& depth() {
    static thread_local int value = 0;
    return value;
  }
};

}  // namespace d3d11vk
