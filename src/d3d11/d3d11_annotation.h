// D3D11Annotation: ID3DUserDefinedAnnotation on an immediate or deferred context (its owner, whose
// identity and reference count it shares). No profiling tool is ever attached to d3d11vk, so the
// methods answer what the documentation gives for that case.
#pragma once

#include "util/com_face.h"
#include "util/windows_base.h"

namespace d3d11vk {

class D3D11Annotation final : public util::ComFace<ID3DUserDefinedAnnotation, ID3D11DeviceContext4> {
public:
  using ComFace::ComFace;

  // Documented: -1 when the application is not running under a Direct3D profiling tool.
  INT STDMETHODCALLTYPE BeginEvent(LPCWSTR /*name*/) override { return -1; }
  INT STDMETHODCALLTYPE EndEvent() override { return -1; }
  void STDMETHODCALLTYPE SetMarker(LPCWSTR /*name*/) override {}
  // Documented: TRUE only while a profiling tool captures the application.
  BOOL STDMETHODCALLTYPE GetStatus() override { return FALSE; }
};

}  // namespace d3d11vk
