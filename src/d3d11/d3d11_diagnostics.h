// Diagnostics: where d3d11vk says why it refused a call. Every report is one log line, as before,
// and on a debug device (D3D11_CREATE_DEVICE_DEBUG) also a message in the device's info queue with
// a category, severity and D3D11_MESSAGE_ID (d3d11_message_ids.h chooses them). A device without
// the debug layer has no queue: a report costs what the log line costs (docs/debug-layer.md).
#pragma once

#include <sstream>
#include <string>

#include "util/log.h"
#include "util/message_queue.h"
#include "util/windows_base.h"

#include <d3d11sdklayers.h>

#include "util/dxgi_debug_interfaces.h"

namespace d3d11vk {

struct MessageKind {
  D3D11_MESSAGE_CATEGORY category;
  D3D11_MESSAGE_SEVERITY severity;
  UINT id;  // a D3D11_MESSAGE_ID, or one of d3d11vk's own (include/d3d11vk/d3d11vk_message_ids.h)
};

class Diagnostics {
public:
  // The device's queue; and DXGI's, where the device's messages are also the DXGI_DEBUG_D3D11
  // producer's (null when dxgi.dll has no debug layer to give).
  void attach(util::MessageQueue* queue, IDXGIInfoQueue* dxgiQueue) {
    m_queue = queue;
    m_dxgiQueue = dxgiQueue;
  }
  util::MessageQueue* queue() const { return m_queue; }

  // Logs the text at `level` and queues it as `kind`. The text is built only when either wants it.
  template <typename... Args>
  void report(util::log::Level level, const MessageKind& kind, const Args&... args) const {
    util::log::Logger& logger = util::log::Logger::instance();
    const bool logged = logger.enabled(level);
    if (!logged && !m_queue)
      return;
    std::ostringstream stream;
    (stream << ... << args);
    const std::string text = stream.str();
    if (logged)
      logger.write(level, text);
    if (m_queue)
      post(kind, text);
  }

  template <typename... Args> void warn(const MessageKind& kind, const Args&... args) const {
    report(util::log::Level::Warn, kind, args...);
  }

private:
  void post(const MessageKind& kind, const std::string& text) const;

  util::MessageQueue* m_queue = nullptr;
  IDXGIInfoQueue* m_dxgiQueue = nullptr;  // held by the debug layer
};

}  // namespace d3d11vk
