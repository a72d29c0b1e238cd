#include "d3d11/d3d11_diagnostics.h"

namespace d3d11vk {

void Diagnostics::post(const MessageKind& kind, const std::string& text) const {
  if (m_queue->add(util::QueuedMessage{uint32_t(kind.category), uint32_t(kind.severity), kind.id, text}))
    util::debugBreakIfDebugged();
}

}  // namespace d3d11vk
