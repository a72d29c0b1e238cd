#include "d3d11/d3d11_diagnostics.h"

namespace d3d11vk {

void Diagnostics::post(const MessageKind& kind, const std::string& text) const {
  if (m_queue->add(util::QueuedMessage{uint32_t(kind.category), uint32_t(kind.severity), kind.id, text}))
    util::debugBreakIfDebugged();
  // The categories and severities of D3D11 and DXGI have the same values.
  if (m_dxgiQueue)
    m_dxgiQueue->AddMessage(util::kDxgiDebugD3D11, DXGI_INFO_QUEUE_MESSAGE_CATEGORY(kind.category),
                            DXGI_INFO_QUEUE_MESSAGE_SEVERITY(kind.severity), DXGI_INFO_QUEUE_MESSAGE_ID(kind.id), text.c_str());
}

}  // namespace d3d11vk
