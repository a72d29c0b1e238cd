// CommandExecutor: tile mapping changes and tiled-resource barriers (docs/resources.md, Tiled
// resources). A mapping change is a queue operation, not a command: the executor closes the
// command buffer, the worker submits it, binds after it and continues in a new command buffer
// that waits for the binds, so each change takes effect exactly between the commands recorded
// before and after it, and nothing waits on the CPU.
#include <vector>

#include "util/log.h"
#include "vk/command_executor.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace vk {

void CommandExecutor::execute(const UpdateTileMappingsCommand& command) {
  SparseBinds binds;
  command.resource->apply(command.pool, tailOf<TileMappingOp>(&command), command.opCount, &binds);
  bindTiles(binds);
}

void CommandExecutor::execute(const CopyTileMappingsCommand& command) {
  const TileCopyPair* pairs = tailOf<TileCopyPair>(&command);
  // Every source mapping is read before any destination changes (the ranges may overlap).
  std::vector<TileMappingOp> ops(command.pairCount);
  for (uint32_t i = 0; i < command.pairCount; i++) {
    ops[i] = command.src->mappingOf(pairs[i].src);
    ops[i].tile = pairs[i].dst;
  }
  // A source mapping another pool than the destination's: the destination's mappings are
  // cleared first, as a resource maps one pool at a time.
  SparseBinds binds;
  command.dst->apply(command.src->currentPool(), ops.data(), ops.size(), &binds);
  bindTiles(binds);
}

void CommandExecutor::execute(const TiledResourceBarrierCommand&) {
  flushDrawBatch();
  endRendering();
  m_barriers.fullBarrier(m_device.functions(), m_commands, false);
}

void CommandExecutor::bindTiles(const SparseBinds& binds) {
  if (!binds.released.empty())  // earlier work of this submission may still read those pools
    m_device.timeline().deferUntil(m_submission, [released = binds.released] {});
  if (binds.empty())
    return;
  if (!m_bindSparse) {
    D3D11VK_LOG_ONCE(Error, "tile mappings: this executor cannot bind sparse memory; mapping change dropped");
    return;
  }
  const uint64_t submission = m_submission;
  end();
  // A present recorded earlier in this buffer: its blit is in the part submitted now, so that
  // part waits for the swapchain image; the chunk's last submission still signals the blit done.
  VkSemaphore acquired = m_present.presenter ? m_present.acquired : VK_NULL_HANDLE;
  m_present.acquired = VK_NULL_HANDLE;
  begin(m_bindSparse(binds, acquired), submission);
}

}  // namespace vk
