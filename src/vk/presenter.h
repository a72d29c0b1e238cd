// Presenter: a window's VkSurfaceKHR and VkSwapchainKHR, and the per-frame work of presenting an
// image of the command stream into it (acquire, blit, present) on the stream's worker thread.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vk/present_layout.h"
#include "vk/result.h"
#include "vk/vulkan_api.h"

namespace vk {

class Adapter;
class Device;
class FrameStats;
class Hud;
class HudRenderer;
class Presenter;

// What the worker's submission must wait on and signal for a present recorded into its command
// buffer, and the vkQueuePresentKHR to do after it (CommandWorker::process).
// The window has no Vulkan surface: the driver refused vkCreate*SurfaceKHR for it (Wine's desktop
// window, for one). DXGI still makes such a swapchain, whose frames are never shown.
class NoSurface : public Error {
public:
  using Error::Error;
};

struct PresentWork {
  Presenter* presenter = nullptr;
  VkSemaphore acquired = VK_NULL_HANDLE;  // wait: the image is ours
  VkSemaphore rendered = VK_NULL_HANDLE;  // signal: the blit is done
  VkSwapchainKHR swapchain = VK_NULL_HANDLE;
  uint32_t imageIndex = 0;
};

class Presenter {
public:
  // `window` is an HWND in the PE build and an X11 Window id natively (docs/dxgi.md). Throws
  // vk::Error or std::runtime_error when the device cannot present to it.
  Presenter(Device& device, const Adapter& adapter, uintptr_t window);
  // Waits until no present recorded for it is pending, then destroys the swapchain and surface.
  ~Presenter();
  Presenter(const Presenter&) = delete;
  Presenter& operator=(const Presenter&) = delete;

  // Whether the device and instance have what presenting needs (VK_KHR_swapchain, the window
  // system's surface extension).
  static bool supported(const Device& device, const Adapter& adapter, std::string* reason);
  // Whether `adapter` can present to a window of this window system with
  // VK_PRESENT_MODE_IMMEDIATE_KHR (tearing), asked of a surface on a hidden window made for the
  // question (a hidden Win32 window in the PE build, an unmapped X11 window natively): DXGI asks
  // before any window exists (IDXGIFactory5::CheckFeatureSupport). False with `reason` when it
  // cannot be told.
  static bool offersImmediate(const Adapter& adapter, std::string* reason);
  // Natively: whether the X11 window is viewable (mapped, and its parents too), asked of the X
  // server over a private xcb connection (one round trip); a minimised (iconified) or withdrawn
  // window is not. True when it cannot be told, and always in the PE build (the HWND's own
  // IsIconic/IsWindowVisible apply there).
  static bool windowViewable(uintptr_t window);

  // ---- application thread ----
  // The window's current size from the surface: {0, 0} when minimised or gone, 0xFFFFFFFF wide
  // when the surface takes the swapchain's size instead.
  VkExtent2D windowExtent();
  // The surface reported it is gone (the window was destroyed): presenting cannot succeed.
  bool surfaceLost() const;
  // A PresentCommand naming this presenter was recorded: the destructor waits for it.
  void notePresentRecorded();
  // Presents that reached vkQueuePresentKHR successfully.
  uint64_t presentCount() const;
  // The swapchain's frame timing (the HUD's frame times, D3D11VK_FRAMETIME_LOG).
  FrameStats& frameStats() { return *m_frameStats; }
  // Turns the HUD on when the process's HUD options name any item (docs/hud.md); `api` is what
  // its api item says. Before the first present is recorded.
  void startHud(const std::string& api);
  bool hudShown() const { return m_hud != nullptr; }

  // ---- worker thread ----
  // Acquires an image and records the blit of `source` (GENERAL layout, `extent`, `format`) into
  // it, placed by `layout` (the rest of the image filled first), with the layout transitions. `submission` is the timeline value of the command buffer.
  // True with `work` filled when there is something to present; false when the frame is dropped
  // (window minimised or gone, swapchain not creatable), which is logged and not an error.
  bool record(VkCommandBuffer commands, uint64_t submission, VkImage source, VkExtent2D extent, VkFormat format,
              uint32_t syncInterval, bool allowTearing, const PresentLayout& layout, PresentWork* work);
  // After the submission that waits on work.acquired and signals work.rendered.
  void present(const PresentWork& work);
  // The submission carrying `work` failed: nothing will present it.
  void abandon(const PresentWork& work);

private:
  struct Frame {
    VkSemaphore acquired = VK_NULL_HANDLE;
    uint64_t submission = 0;  // the last submission that waited on `acquired`
  };

  VkPresentModeKHR chooseMode(uint32_t syncInterval, bool allowTearing) const;
  VkSurfaceFormatKHR chooseFormat(VkFormat format) const;
  // (Re)creates the swapchain for the window's current size; false when it has no area.
  bool recreate(VkFormat format, VkPresentModeKHR mode);
  void destroySwapchain();
  // Draws the HUD into the image the blit filled (TRANSFER_DST layout); false when it drew
  // nothing, and the image is still in TRANSFER_DST layout.
  bool recordHud(VkCommandBuffer commands, uint32_t slot, uint32_t index);
  void finished();  // one recorded present is done with, one way or another
  void markLost(VkResult result, const char* call);

  Device& m_device;
  const Adapter& m_adapter;
  VkSurfaceKHR m_surface = VK_NULL_HANDLE;
  std::vector<VkPresentModeKHR> m_modes;
  std::vector<VkSurfaceFormatKHR> m_formats;

  // Worker-thread state.
  VkSwapchainKHR m_swapchain = VK_NULL_HANDLE;
  VkExtent2D m_extent{};
  VkFormat m_sourceFormat = VK_FORMAT_UNDEFINED;
  VkPresentModeKHR m_mode = VK_PRESENT_MODE_FIFO_KHR;
  bool m_dirty = true;  // out of date or suboptimal: recreate before the next acquire
  std::vector<VkImage> m_images;
  std::vector<VkImageView> m_views;  // for the HUD's drawing, when it is shown
  VkFormat m_imageFormat = VK_FORMAT_UNDEFINED;
  std::vector<VkSemaphore> m_rendered;  // one per image: reusable once the image is acquired again
  std::vector<Frame> m_frames;          // acquire semaphores, used round robin
  uint32_t m_frameIndex = 0;

  std::unique_ptr<FrameStats> m_frameStats;
  std::unique_ptr<Hud> m_hud;                  // null: no HUD
  std::unique_ptr<HudRenderer> m_hudRenderer;  // worker thread

  // Shared between the threads.
  std::mutex m_surfaceMutex;  // vkCreateSwapchainKHR needs the surface externally synchronized
  mutable std::mutex m_mutex;
  std::condition_variable m_idle;
  uint32_t m_outstanding = 0;
  uint64_t m_presentCount = 0;
  bool m_lost = false;
};

}  // namespace vk
