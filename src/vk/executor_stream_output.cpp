// CommandExecutor: stream output through VK_EXT_transform_feedback. Each D3D11 stream-output
// buffer has a 4-byte counter buffer (its filled size); transform feedback begins with the
// counters, so every capture resumes where the last one ended (D3D11's offset -1), and the front
// end writes a counter when SOSetTargets names an explicit offset. DrawAuto draws the counter's
// byte count with vkCmdDrawIndirectByteCountEXT.
#include <algorithm>

#include "vk/command_executor.h"
#include "vk/device.h"

namespace vk {

namespace {

constexpr uint32_t kVertex = 0, kDomain = 2, kGeometry = 3;  // graphics stage slots

uint32_t boundCount(const StreamOutputTarget (&targets)[4]) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < 4; ++i)
    if (targets[i].buffer)
      count = i + 1;
  return count;
}

}  // namespace

bool CommandExecutor::capturesStreamOutput() const {
  if (!m_device.functions().vkCmdBeginTransformFeedbackEXT || !boundCount(m_streamOutTargets))
    return false;
  // The last stage before the rasterizer decides (a geometry shader, else a domain, else the
  // vertex shader).
  const ShaderCode* last = m_graphicsStages[kGeometry] ? m_graphicsStages[kGeometry]
                           : m_graphicsStages[kDomain] ? m_graphicsStages[kDomain]
                                                       : m_graphicsStages[kVertex];
  return last && last->transformFeedback;
}

void CommandExecutor::streamOutputAccesses(std::vector<ResourceAccess>* accesses) const {
  for (const StreamOutputTarget& target : m_streamOutTargets) {
    if (!target.buffer)
      continue;
    accesses->push_back(ResourceAccess{resourceId(target.buffer), Access::Write});
    if (target.counter)
      accesses->push_back(ResourceAccess{resourceId(target.counter), Access::Write});
  }
}

void CommandExecutor::beginStreamOutput() {
  if (m_streamOutActive)
    return;
  const DeviceFunctions& vk = m_device.functions();
  const uint32_t count = boundCount(m_streamOutTargets);
  VkBuffer counters[4] = {};
  VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < count; ++i) {
    const StreamOutputTarget& target = m_streamOutTargets[i];
    counters[i] = target.counter;
    if (!target.buffer)
      continue;  // D3D11 drops what a shader writes to an unbound slot
    vk.vkCmdBindTransformFeedbackBuffersEXT(m_commands, i, 1, &target.buffer, &target.offset, &target.size);
  }
  vk.vkCmdBeginTransformFeedbackEXT(m_commands, 0, count, counters, counterOffsets);
  m_streamOutActive = true;
}

void CommandExecutor::endStreamOutput() {
  if (!m_streamOutActive)
    return;
  const uint32_t count = boundCount(m_streamOutTargets);
  VkBuffer counters[4] = {};
  VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < count; ++i)
    counters[i] = m_streamOutTargets[i].counter;
  m_device.functions().vkCmdEndTransformFeedbackEXT(m_commands, 0, count, counters, counterOffsets);
  m_streamOutActive = false;
  m_accessesDirty[kGraphics] = true;  // what was captured may be read by the next draw
}

void CommandExecutor::execute(const SetStreamOutputTargetsCommand& command) {
  endStreamOutput();
  std::copy(std::begin(command.targets), std::end(command.targets), m_streamOutTargets);
  m_accessesDirty[kGraphics] = true;
}

void CommandExecutor::execute(const DrawAutoCommand& command) {
  if (!command.counter || !command.vertexStride || !m_device.functions().vkCmdDrawIndirectByteCountEXT)
    return;
  const ResourceAccess counter{resourceId(command.counter), Access::Read};
  if (!prepareDraw(&counter, 1))
    return;
  m_device.functions().vkCmdDrawIndirectByteCountEXT(m_commands, 1, 0, command.counter, 0, command.counterOffset,
                                                     command.vertexStride);
}

}  // namespace vk
