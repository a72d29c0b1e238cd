// CommandWorker: chunk queue, command buffer recycling and submission.
#include "vk/command_worker.h"

#include <chrono>

#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/gpu_timer.h"
#include "vk/result.h"

namespace vk {

namespace {

// A semaphore wait or signal at every stage (the worker orders whole submissions).
VkSemaphoreSubmitInfo allCommands(VkSemaphore semaphore, uint64_t value = 0) {
  VkSemaphoreSubmitInfo info = makeStruct<VkSemaphoreSubmitInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO);
  info.semaphore = semaphore;
  info.value = value;
  info.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  return info;
}

}  // namespace

CommandWorker::CommandWorker(Device& device, QueryPools& queryPools) : m_device(device), m_executor(device, queryPools) {
  VkCommandPoolCreateInfo info = makeStruct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  info.queueFamilyIndex = device.queueFamily();
  check(device.functions().vkCreateCommandPool(device.handle(), &info, nullptr, &m_pool), "vkCreateCommandPool");
  m_executor.setSubmitPart([this] { return submitPart(); });
  m_executor.setBindSparse([this](const SparseBinds& binds, VkSemaphore waitFirst) {
    return submitPartAndBind(binds, waitFirst);
  });
  m_thread = std::thread([this] { run(); });
}

CommandWorker::~CommandWorker() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  m_thread.join();
  util::log::debug("command worker: thread joined");
  // The command buffers must not be pending when the pool goes.
  if (!m_commandBuffers.empty())
    m_device.timeline().wait(m_commandBuffers.back().value);
  m_device.waitQueueIdle();  // the driver's submit thread is done with the semaphores and fences too
  if (m_partFence)
    m_device.functions().vkDestroyFence(m_device.handle(), m_partFence, nullptr);
  if (m_bindSemaphore) {  // the binds finished before the command buffers waiting for them
    m_device.functions().vkDestroySemaphore(m_device.handle(), m_bindSemaphore, nullptr);
  }
  m_device.functions().vkDestroyCommandPool(m_device.handle(), m_pool, nullptr);
  util::log::debug("command worker: command pool destroyed; pipelines and descriptor pools go next");
}

void CommandWorker::submit(std::unique_ptr<CommandChunk> chunk, uint64_t value) {
  {
    std::lock_guard lock(m_mutex);
    m_queue.push_back(Pending{std::move(chunk), value});
  }
  m_wake.notify_one();
}

std::unique_ptr<CommandChunk> CommandWorker::takeChunk() {
  {
    std::lock_guard lock(m_mutex);
    if (!m_freeChunks.empty()) {
      auto chunk = std::move(m_freeChunks.back());
      m_freeChunks.pop_back();
      return chunk;
    }
  }
  return std::make_unique<CommandChunk>();
}

void CommandWorker::run() {
  for (;;) {
    Pending pending;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return !m_queue.empty() || m_stopping; });
      if (m_queue.empty())
        return;
      pending = std::move(m_queue.front());
      m_queue.pop_front();
    }
    process(pending);
    pending.chunk->reset();
    std::lock_guard lock(m_mutex);
    if (m_freeChunks.size() < kKeptFreeChunks)
      m_freeChunks.push_back(std::move(pending.chunk));
  }
}

VkCommandBuffer CommandWorker::acquireCommandBuffer(uint64_t value) {
  const DeviceFunctions& vk = m_device.functions();
  VkCommandBuffer handle = VK_NULL_HANDLE;
  if (!m_commandBuffers.empty() && m_device.timeline().isComplete(m_commandBuffers.front().value)) {
    handle = m_commandBuffers.front().handle;
    m_commandBuffers.pop_front();
    check(vk.vkResetCommandBuffer(handle, 0), "vkResetCommandBuffer");
  } else {
    VkCommandBufferAllocateInfo info = makeStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    info.commandPool = m_pool;
    info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    info.commandBufferCount = 1;
    check(vk.vkAllocateCommandBuffers(m_device.handle(), &info, &handle), "vkAllocateCommandBuffers");
  }
  m_commandBuffers.push_back(CommandBuffer{handle, value});
  return handle;
}

VkCommandBuffer CommandWorker::beginCommandBuffer(uint64_t value) {
  m_recording = acquireCommandBuffer(value);
  m_recordingValue = value;
  VkCommandBufferBeginInfo begin = makeStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(m_device.functions().vkBeginCommandBuffer(m_recording, &begin), "vkBeginCommandBuffer");
  if (GpuTimer* timer = m_device.gpuTimer())
    m_timerSlot = timer->begin(m_recording);
  return m_recording;
}

void CommandWorker::endCommandBuffer() {
  if (GpuTimer* timer = m_device.gpuTimer())
    timer->end(m_recording, m_timerSlot);
  check(m_device.functions().vkEndCommandBuffer(m_recording), "vkEndCommandBuffer");
}

void CommandWorker::noteSubmitted() {
  DeviceCounters::add(m_device.counters().submissions, 1);
  if (GpuTimer* timer = m_device.gpuTimer()) {
    timer->submitted(m_timerSlot, m_recordingValue);
    m_timerSlot = GpuTimer::kUntimed;
  }
}

VkCommandBuffer CommandWorker::submitPart() {
  const DeviceFunctions& vk = m_device.functions();
  endCommandBuffer();
  if (!m_partFence) {
    VkFenceCreateInfo info = makeStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    check(vk.vkCreateFence(m_device.handle(), &info, nullptr, &m_partFence), "vkCreateFence");
  }
  VkCommandBufferSubmitInfo commandInfo = makeStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
  commandInfo.commandBuffer = m_recording;
  VkSubmitInfo2 submit = makeStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &commandInfo;
  VkSemaphoreSubmitInfo wait;
  submit.waitSemaphoreInfoCount = bindWait(&wait);
  submit.pWaitSemaphoreInfos = &wait;
  {
    std::lock_guard queueLock(m_device.queueMutex());
    check(vk.vkQueueSubmit2(m_device.queue(), 1, &submit, m_partFence), "vkQueueSubmit2");
  }
  noteSubmitted();
  check(vk.vkWaitForFences(m_device.handle(), 1, &m_partFence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
  check(vk.vkResetFences(m_device.handle(), 1, &m_partFence), "vkResetFences");
  // The finished buffer is recycled once the chunk's timeline value completes, like the others.
  return beginCommandBuffer(m_recordingValue);
}

uint32_t CommandWorker::bindWait(VkSemaphoreSubmitInfo* wait) const {
  if (!m_bindValue)
    return 0;
  *wait = allCommands(m_bindSemaphore, m_bindValue);
  return 1;
}

VkCommandBuffer CommandWorker::submitPartAndBind(const SparseBinds& binds, VkSemaphore waitFirst) {
  const DeviceFunctions& vk = m_device.functions();
  if (!m_bindSemaphore) {
    VkSemaphoreTypeCreateInfo type = makeStruct<VkSemaphoreTypeCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    VkSemaphoreCreateInfo info = makeStruct<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
    info.pNext = &type;
    check(vk.vkCreateSemaphore(m_device.handle(), &info, nullptr, &m_bindSemaphore), "vkCreateSemaphore");
  }
  endCommandBuffer();
  // The part: waits for the previous binds (and the present's image), signals partDone.
  VkSemaphoreSubmitInfo waits[2];
  uint32_t waitCount = bindWait(&waits[0]);
  if (waitFirst)
    waits[waitCount++] = allCommands(waitFirst);
  const uint64_t partDone = m_bindValue + 1, bound = m_bindValue + 2;
  const VkSemaphoreSubmitInfo signal = allCommands(m_bindSemaphore, partDone);
  VkCommandBufferSubmitInfo commandInfo = makeStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
  commandInfo.commandBuffer = m_recording;
  VkSubmitInfo2 submit = makeStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
  submit.waitSemaphoreInfoCount = waitCount;
  submit.pWaitSemaphoreInfos = waits;
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &commandInfo;
  submit.signalSemaphoreInfoCount = 1;
  submit.pSignalSemaphoreInfos = &signal;

  // The binds: after the part, before everything submitted later.
  VkSparseBufferMemoryBindInfo bufferBinds{binds.buffer, uint32_t(binds.opaque.size()), binds.opaque.data()};
  VkSparseImageOpaqueMemoryBindInfo opaqueBinds{binds.image, uint32_t(binds.opaque.size()), binds.opaque.data()};
  VkSparseImageMemoryBindInfo imageBinds{binds.image, uint32_t(binds.texels.size()), binds.texels.data()};
  VkTimelineSemaphoreSubmitInfo values = makeStruct<VkTimelineSemaphoreSubmitInfo>(VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO);
  values.waitSemaphoreValueCount = 1;
  values.pWaitSemaphoreValues = &partDone;
  values.signalSemaphoreValueCount = 1;
  values.pSignalSemaphoreValues = &bound;
  VkBindSparseInfo bind = makeStruct<VkBindSparseInfo>(VK_STRUCTURE_TYPE_BIND_SPARSE_INFO);
  bind.pNext = &values;
  bind.waitSemaphoreCount = 1;
  bind.pWaitSemaphores = &m_bindSemaphore;
  bind.signalSemaphoreCount = 1;
  bind.pSignalSemaphores = &m_bindSemaphore;
  if (binds.buffer) {
    bind.bufferBindCount = 1;
    bind.pBufferBinds = &bufferBinds;
  } else {
    if (!binds.opaque.empty()) {
      bind.imageOpaqueBindCount = 1;
      bind.pImageOpaqueBinds = &opaqueBinds;
    }
    if (!binds.texels.empty()) {
      bind.imageBindCount = 1;
      bind.pImageBinds = &imageBinds;
    }
  }
  {
    std::lock_guard queueLock(m_device.queueMutex());
    check(vk.vkQueueSubmit2(m_device.queue(), 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit2");
    noteSubmitted();
    m_bindValue = partDone;
    check(vk.vkQueueBindSparse(m_device.queue(), 1, &bind, VK_NULL_HANDLE), "vkQueueBindSparse");
    m_bindValue = bound;
  }
  // The finished buffer is recycled once the chunk's timeline value completes, like the others.
  return beginCommandBuffer(m_recordingValue);
}

void CommandWorker::process(Pending& pending) {
  const DeviceFunctions& vk = m_device.functions();
  GpuTimeline& timeline = m_device.timeline();
  if (timeline.isLost()) {
    timeline.lost(pending.value, "vkQueueSubmit2", timeline.lostResult());  // dropped: waits on it end
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  try {
    m_executor.begin(beginCommandBuffer(pending.value), pending.value);
    m_executor.execute(*pending.chunk);
    m_executor.end();
    // Reading a predicate may have submitted part of the chunk and continued in a new buffer.
    VkCommandBuffer commands = m_recording;
    endCommandBuffer();
    m_executedCommands += pending.chunk->count();

    VkCommandBufferSubmitInfo commandInfo = makeStruct<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
    commandInfo.commandBuffer = commands;
    const VkSemaphoreSubmitInfo signal = allCommands(timeline.semaphore(), pending.value);
    VkSubmitInfo2 submit = makeStruct<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &commandInfo;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    // A present recorded in this buffer: wait for its swapchain image, signal the blit's end.
    VkSemaphoreSubmitInfo signals[2] = {signal, {}};
    PresentWork present;
    bool presenting = m_executor.takePresent(&present);
    // The last tile binds, and a present's swapchain image (unless a part before binds waited for it).
    VkSemaphoreSubmitInfo waits[2];
    uint32_t waitCount = bindWait(&waits[0]);
    if (presenting) {
      if (present.acquired)
        waits[waitCount++] = allCommands(present.acquired);
      signals[1] = allCommands(present.rendered);
      submit.signalSemaphoreInfoCount = 2;
      submit.pSignalSemaphoreInfos = signals;
    }
    submit.waitSemaphoreInfoCount = waitCount;
    submit.pWaitSemaphoreInfos = waits;
    {
      std::lock_guard queueLock(m_device.queueMutex());
      VkResult result;
      if (pending.value == m_device.testLostSubmission()) {
        // Test hook (docs/command-stream.md): this submission fails as on a lost device. What
        // was submitted before finishes first, since a lost timeline frees everything deferred.
        util::log::warn("test hook D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS: submission ", pending.value,
                        " is not submitted and fails with VK_ERROR_DEVICE_LOST");
        vk.vkQueueWaitIdle(m_device.queue());
        result = VK_ERROR_DEVICE_LOST;
      } else {
        result = vk.vkQueueSubmit2(m_device.queue(), 1, &submit, VK_NULL_HANDLE);
      }
      if (result < 0 && presenting)
        present.presenter->abandon(present);
      check(result, "vkQueueSubmit2");
    }
    noteSubmitted();
    timeline.submitted(pending.value);
    if (presenting)
      present.presenter->present(present);  // takes the queue mutex itself
  } catch (const Error& error) {
    PresentWork unsubmitted;
    if (m_executor.takePresent(&unsubmitted))
      unsubmitted.presenter->abandon(unsubmitted);
    // The timeline logs the loss once, naming the call.
    util::log::debug("command stream: submission ", pending.value, " failed: ", error.what());
    timeline.lost(pending.value, error.call(), error.result());
  }
  DeviceCounters& counters = m_device.counters();
  DeviceCounters::add(counters.chunks, 1);
  DeviceCounters::add(counters.draws, m_executor.takeDrawCount());
  DeviceCounters::add(counters.dispatches, m_executor.takeDispatchCount());
  DeviceCounters::add(counters.workerBusyNs, uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                          std::chrono::steady_clock::now() - started).count()));
}

}  // namespace vk
