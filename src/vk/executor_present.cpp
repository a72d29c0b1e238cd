// CommandExecutor: the Present command. The presenter acquires a swapchain image and records the
// blit of the back buffer into it; the worker adds the semaphores to the submission and presents.
#include "vk/command_executor.h"

#include "util/log.h"
#include "vk/device.h"

namespace vk {

void CommandExecutor::execute(const PresentCommand& command) {
  // The blit is a transfer: outside any rendering pass, after the back buffer's writes.
  endRendering();
  m_barriers.prepare(m_device.functions(), m_commands, {{resourceId(command.image), Access::Read}});
  if (m_present.presenter) {
    // One present per submission (the front end flushes after each); a second one cannot share
    // the submission's semaphores, so it is dropped rather than presented out of order.
    util::log::warn("command stream: a second Present in one submission is dropped");
    command.presenter->abandon(PresentWork{});
    return;
  }
  PresentWork work;
  if (command.presenter->record(m_commands, m_submission, command.image, command.extent, command.format,
                                command.syncInterval, command.allowTearing != VK_FALSE, command.layout, &work))
    m_present = work;
}

}  // namespace vk
