// CommandExecutor: query commands. Queries run outside rendering passes: a Vulkan query begun
// outside a pass must also end outside one, and D3D11 queries span draws freely.
#include "vk/command_executor.h"

#include <algorithm>

#include "vk/device.h"
#include "vk/query_pools.h"

namespace vk {

void CommandExecutor::execute(const BeginQueryCommand& command) {
  command.query->begin(m_device, m_commands, m_submission);
  if (std::find(m_activeQueries.begin(), m_activeQueries.end(), command.query) == m_activeQueries.end())
    m_activeQueries.push_back(command.query);
}

void CommandExecutor::execute(const EndQueryCommand& command) {
  command.query->end(m_device, m_commands, m_submission);
  m_activeQueries.erase(std::remove(m_activeQueries.begin(), m_activeQueries.end(), command.query), m_activeQueries.end());
}

void CommandExecutor::execute(const WriteTimestampCommand& command) {
  command.query->writeTimestamp(m_device, m_commands, m_submission);
}

}  // namespace vk
