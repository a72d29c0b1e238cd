// Presenter: surface creation per window system, swapchain (re)creation, and the acquire, blit and
// present of each frame.
#include "vk/presenter.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <stdexcept>

#include "util/hud_options.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/device.h"
#include "vk/frame_stats.h"
#include "vk/gpu_timeline.h"
#include "vk/hud.h"
#include "vk/hud_renderer.h"
#include "vk/instance.h"
#include "vk/result.h"

#ifdef _WIN32
#include <windows.h>
#include <vulkan/vulkan_win32.h>
#else
#include <dlfcn.h>
// vulkan_xlib.h needs Xlib's types; they are declared here, as Xlib does, so that the native build
// neither includes nor links libX11 (it is loaded at run time, only when a window is presented).
typedef struct _XDisplay Display;
typedef unsigned long Window;
typedef unsigned long VisualID;
#include <vulkan/vulkan_xlib.h>
#endif

namespace vk {

namespace {

#ifdef _WIN32
constexpr const char* kSurfaceExtension = "VK_KHR_win32_surface";
#else
constexpr const char* kSurfaceExtension = "VK_KHR_xlib_surface";

// The process's own connection to the X server named by DISPLAY: a Window id is valid on any
// connection, and the caller of a D3D API hands over no Display. Opened once, never closed (a
// surface may live until process exit).
Display* xDisplay() {
  static Display* display = [] () -> Display* {
    void* library = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      util::log::error("presenter: cannot load libX11.so.6: ", dlerror());
      return nullptr;
    }
    using OpenDisplay = Display* (*)(const char*);
    auto open = reinterpret_cast<OpenDisplay>(dlsym(library, "XOpenDisplay"));
    Display* opened = open ? open(nullptr) : nullptr;
    if (!opened)
      util::log::error("presenter: XOpenDisplay failed: is DISPLAY set?");
    return opened;
  }();
  return display;
}
#endif

// Mesa's X11 surface may answer VK_SUCCESS with empty capabilities when the window has just been
// destroyed (its geometry request fails in between): no swapchain can be made from those, and the
// window is as gone as with VK_ERROR_SURFACE_LOST_KHR.
bool windowGone(const VkSurfaceCapabilitiesKHR& caps) {
  return caps.maxImageArrayLayers == 0 || caps.supportedCompositeAlpha == 0 || caps.supportedTransforms == 0;
}

bool isSrgb(VkFormat format) {
  return format == VK_FORMAT_B8G8R8A8_SRGB || format == VK_FORMAT_R8G8B8A8_SRGB || format == VK_FORMAT_A8B8G8R8_SRGB_PACK32;
}

}  // namespace

bool Presenter::supported(const Device& device, const Adapter& adapter, std::string* reason) {
  if (!adapter.instance()->hasExtension(kSurfaceExtension) || !adapter.instance()->hasExtension(VK_KHR_SURFACE_EXTENSION_NAME)) {
    *reason = std::string("the Vulkan instance has no ") + kSurfaceExtension;
    return false;
  }
  if (!device.hasExtension(VK_KHR_SWAPCHAIN_EXTENSION_NAME) || !device.functions().vkQueuePresentKHR) {
    *reason = "the Vulkan device has no VK_KHR_swapchain";
    return false;
  }
  return true;
}

namespace {

// The surface's present modes, or an empty list (with `reason`) when they cannot be read.
std::vector<VkPresentModeKHR> surfaceModes(const Adapter& adapter, VkSurfaceKHR surface, std::string* reason) {
  const InstanceFunctions& vki = adapter.instance()->functions();
  uint32_t count = 0;
  std::vector<VkPresentModeKHR> modes;
  if (vki.vkGetPhysicalDeviceSurfacePresentModesKHR(adapter.handle(), surface, &count, nullptr) != VK_SUCCESS) {
    *reason = "vkGetPhysicalDeviceSurfacePresentModesKHR failed";
    return modes;
  }
  modes.resize(count);
  if (vki.vkGetPhysicalDeviceSurfacePresentModesKHR(adapter.handle(), surface, &count, modes.data()) < 0) {
    *reason = "vkGetPhysicalDeviceSurfacePresentModesKHR failed";
    modes.clear();
  }
  modes.resize(count);
  return modes;
}

}  // namespace

bool Presenter::offersImmediate(const Adapter& adapter, std::string* reason) {
  const Instance& instance = *adapter.instance();
  if (!instance.hasExtension(kSurfaceExtension) || !instance.hasExtension(VK_KHR_SURFACE_EXTENSION_NAME)) {
    *reason = std::string("the Vulkan instance has no ") + kSurfaceExtension;
    return false;
  }
  VkSurfaceKHR surface = VK_NULL_HANDLE;
#ifdef _WIN32
  auto create = reinterpret_cast<PFN_vkCreateWin32SurfaceKHR>(instance.procAddr("vkCreateWin32SurfaceKHR"));
  if (!create) {
    *reason = "vkCreateWin32SurfaceKHR is missing";
    return false;
  }
  // A window that is never shown: nothing appears, and the surface is the one a real window gets.
  HINSTANCE module = GetModuleHandleW(nullptr);
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = module;
  windowClass.lpszClassName = L"d3d11vk-present-probe";
  RegisterClassW(&windowClass);  // fails harmlessly when already registered
  HWND window = CreateWindowExW(0, L"d3d11vk-present-probe", L"", WS_POPUP, 0, 0, 16, 16, nullptr, nullptr, module, nullptr);
  if (!window) {
    *reason = "the hidden probe window cannot be created";
    return false;
  }
  VkWin32SurfaceCreateInfoKHR info = makeStruct<VkWin32SurfaceCreateInfoKHR>(VK_STRUCTURE_TYPE_WIN32_SURFACE_CREATE_INFO_KHR);
  info.hinstance = module;
  info.hwnd = window;
  VkResult result = create(instance.handle(), &info, nullptr, &surface);
#else
  const char* displayName = std::getenv("DISPLAY");
  if (!displayName || !*displayName) {
    *reason = "DISPLAY is not set";  // asked without a window system: no error to log
    return false;
  }
  auto create = reinterpret_cast<PFN_vkCreateXlibSurfaceKHR>(instance.procAddr("vkCreateXlibSurfaceKHR"));
  if (!create) {
    *reason = "vkCreateXlibSurfaceKHR is missing";
    return false;
  }
  using OpenDisplay = Display* (*)(const char*);
  using CloseDisplay = int (*)(Display*);
  using RootWindow = Window (*)(Display*);
  using CreateSimpleWindow = Window (*)(Display*, Window, int, int, unsigned, unsigned, unsigned, unsigned long, unsigned long);
  using DestroyWindow = int (*)(Display*, Window);
  void* library = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
  auto openDisplay = library ? reinterpret_cast<OpenDisplay>(dlsym(library, "XOpenDisplay")) : nullptr;
  auto closeDisplay = library ? reinterpret_cast<CloseDisplay>(dlsym(library, "XCloseDisplay")) : nullptr;
  auto root = library ? reinterpret_cast<RootWindow>(dlsym(library, "XDefaultRootWindow")) : nullptr;
  auto createWindow = library ? reinterpret_cast<CreateSimpleWindow>(dlsym(library, "XCreateSimpleWindow")) : nullptr;
  auto destroyWindow = library ? reinterpret_cast<DestroyWindow>(dlsym(library, "XDestroyWindow")) : nullptr;
  if (!openDisplay || !closeDisplay || !root || !createWindow || !destroyWindow) {
    *reason = "libX11 is missing or lacks XCreateSimpleWindow";
    if (library)
      dlclose(library);
    return false;
  }
  // A connection of the probe's own: the presenters' Display (xDisplay()) is used by worker threads
  // through the driver, and Xlib is not thread-safe without XInitThreads, so the application thread
  // asking CheckFeatureSupport must not share it.
  Display* display = openDisplay(nullptr);
  if (!display) {
    *reason = "no X display";
    dlclose(library);
    return false;
  }
  // Never mapped: nothing appears.
  Window window = createWindow(display, root(display), 0, 0, 16, 16, 0, 0, 0);
  VkXlibSurfaceCreateInfoKHR info = makeStruct<VkXlibSurfaceCreateInfoKHR>(VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR);
  info.dpy = display;
  info.window = window;
  VkResult result = create(instance.handle(), &info, nullptr, &surface);
#endif
  bool immediate = false;
  if (result == VK_SUCCESS) {
    std::vector<VkPresentModeKHR> modes = surfaceModes(adapter, surface, reason);
    immediate = std::find(modes.begin(), modes.end(), VK_PRESENT_MODE_IMMEDIATE_KHR) != modes.end();
    if (!immediate && reason->empty())
      *reason = "the surface does not offer VK_PRESENT_MODE_IMMEDIATE_KHR";
    instance.functions().vkDestroySurfaceKHR(instance.handle(), surface, nullptr);
  } else {
    *reason = std::string("the probe surface cannot be created: ") + resultName(result);
  }
#ifdef _WIN32
  DestroyWindow(window);
#else
  destroyWindow(display, window);
  closeDisplay(display);
  dlclose(library);
#endif
  return immediate;
}

#ifdef _WIN32
bool Presenter::windowViewable(uintptr_t) {
  return true;
}
#else
bool Presenter::windowViewable(uintptr_t window) {
  // A connection of our own, used only here under a lock: the Display of the surfaces is used by
  // the worker thread through the driver, and Xlib is not thread-safe without XInitThreads.
  // libxcb is loaded at run time like libX11 (it is libX11's own transport, so present with it).
  struct Cookie {
    unsigned int sequence;  // xcb_get_window_attributes_cookie_t
  };
  using Connect = void* (*)(const char*, int*);
  using HasError = int (*)(void*);
  using GetAttributes = Cookie (*)(void*, uint32_t);
  using GetAttributesReply = uint8_t* (*)(void*, Cookie, void**);
  struct Xcb {
    void* connection = nullptr;
    GetAttributes getAttributes = nullptr;
    GetAttributesReply getReply = nullptr;
  };
  static std::mutex mutex;
  static Xcb xcb = [] {
    Xcb loaded;
    void* library = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      util::log::warn("presenter: cannot load libxcb.so.1; minimised windows are not seen as occluded");
      return loaded;
    }
    auto connect = reinterpret_cast<Connect>(dlsym(library, "xcb_connect"));
    auto hasError = reinterpret_cast<HasError>(dlsym(library, "xcb_connection_has_error"));
    loaded.getAttributes = reinterpret_cast<GetAttributes>(dlsym(library, "xcb_get_window_attributes"));
    loaded.getReply = reinterpret_cast<GetAttributesReply>(dlsym(library, "xcb_get_window_attributes_reply"));
    if (connect && hasError && loaded.getAttributes && loaded.getReply) {
      void* connection = connect(nullptr, nullptr);
      if (connection && !hasError(connection))
        loaded.connection = connection;  // kept until process exit, like xDisplay()'s
    }
    if (!loaded.connection)
      util::log::warn("presenter: no xcb connection to DISPLAY; minimised windows are not seen as occluded");
    return loaded;
  }();
  if (!xcb.connection)
    return true;
  std::lock_guard lock(mutex);
  void* error = nullptr;
  uint8_t* reply = xcb.getReply(xcb.connection, xcb.getAttributes(xcb.connection, uint32_t(window)), &error);
  std::free(error);
  if (!reply)
    return true;  // no such window: Present finds that through the surface
  // GetWindowAttributes reply (X11 protocol): map-state is byte 26; 2 is Viewable (0 Unmapped,
  // 1 Unviewable: mapped under an unmapped parent).
  const bool viewable = reply[26] == 2;
  std::free(reply);
  return viewable;
}
#endif

Presenter::Presenter(Device& device, const Adapter& adapter, uintptr_t window) : m_device(device), m_adapter(adapter) {
  std::string reason;
  if (!supported(device, adapter, &reason))
    throw std::runtime_error("cannot present: " + reason);
  const Instance& instance = *adapter.instance();
#ifdef _WIN32
  auto create = reinterpret_cast<PFN_vkCreateWin32SurfaceKHR>(instance.procAddr("vkCreateWin32SurfaceKHR"));
  if (!create)
    throw std::runtime_error("cannot present: vkCreateWin32SurfaceKHR is missing");
  VkWin32SurfaceCreateInfoKHR info = makeStruct<VkWin32SurfaceCreateInfoKHR>(VK_STRUCTURE_TYPE_WIN32_SURFACE_CREATE_INFO_KHR);
  info.hinstance = GetModuleHandleW(nullptr);
  info.hwnd = reinterpret_cast<HWND>(window);
  if (VkResult result = create(instance.handle(), &info, nullptr, &m_surface); result < 0)
    throw NoSurface("vkCreateWin32SurfaceKHR", result);
#else
  auto create = reinterpret_cast<PFN_vkCreateXlibSurfaceKHR>(instance.procAddr("vkCreateXlibSurfaceKHR"));
  if (!create)
    throw std::runtime_error("cannot present: vkCreateXlibSurfaceKHR is missing");
  Display* display = xDisplay();
  if (!display)
    throw std::runtime_error("cannot present: no X display");
  VkXlibSurfaceCreateInfoKHR info = makeStruct<VkXlibSurfaceCreateInfoKHR>(VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR);
  info.dpy = display;
  info.window = Window(window);
  if (VkResult result = create(instance.handle(), &info, nullptr, &m_surface); result < 0)
    throw NoSurface("vkCreateXlibSurfaceKHR", result);
#endif

  const InstanceFunctions& vki = instance.functions();
  try {
    VkBool32 canPresent = VK_FALSE;
    check(vki.vkGetPhysicalDeviceSurfaceSupportKHR(adapter.handle(), device.queueFamily(), m_surface, &canPresent),
          "vkGetPhysicalDeviceSurfaceSupportKHR");
    if (!canPresent)
      throw std::runtime_error("cannot present: the device's queue cannot present to this window");
    uint32_t count = 0;
    check(vki.vkGetPhysicalDeviceSurfaceFormatsKHR(adapter.handle(), m_surface, &count, nullptr), "vkGetPhysicalDeviceSurfaceFormatsKHR");
    m_formats.resize(count);
    check(vki.vkGetPhysicalDeviceSurfaceFormatsKHR(adapter.handle(), m_surface, &count, m_formats.data()), "vkGetPhysicalDeviceSurfaceFormatsKHR");
    m_formats.resize(count);
    check(vki.vkGetPhysicalDeviceSurfacePresentModesKHR(adapter.handle(), m_surface, &count, nullptr), "vkGetPhysicalDeviceSurfacePresentModesKHR");
    m_modes.resize(count);
    check(vki.vkGetPhysicalDeviceSurfacePresentModesKHR(adapter.handle(), m_surface, &count, m_modes.data()), "vkGetPhysicalDeviceSurfacePresentModesKHR");
    m_modes.resize(count);
    if (m_formats.empty())
      throw std::runtime_error("cannot present: the surface offers no formats");
    // Each swapchain of the process logs to its own file (FrameStats::logPathFor).
    static std::atomic<uint32_t> presenters{0};
    m_frameStats = std::make_unique<FrameStats>(device, FrameStats::logPathFor(presenters.fetch_add(1)));
  } catch (...) {
    vki.vkDestroySurfaceKHR(instance.handle(), m_surface, nullptr);
    throw;
  }
}

void Presenter::startHud(const std::string& api) {
  const util::hud::Options& options = util::hud::processOptions();
  if (!options.enabled() || m_hud)
    return;
  m_hud = std::make_unique<Hud>(m_device, m_adapter, options, *m_frameStats, api);
  m_hudRenderer = std::make_unique<HudRenderer>(m_device);
  m_dirty = true;  // the swapchain's images must be colour attachments too
}

Presenter::~Presenter() {
  {
    // The worker may still be presenting a frame of ours; a lost device never will.
    std::unique_lock lock(m_mutex);
    while (m_outstanding && !m_device.timeline().isLost())
      m_idle.wait_for(lock, std::chrono::milliseconds(100));
  }
  {
    // The presentation engine and the queue may still use the images and semaphores.
    std::lock_guard queueLock(m_device.queueMutex());
    VkResult result = m_device.functions().vkQueueWaitIdle(m_device.queue());
    if (result < 0)
      util::log::warn("presenter: vkQueueWaitIdle: ", resultName(result));
  }
  destroySwapchain();
  m_hudRenderer.reset();
  for (Frame& frame : m_frames)
    m_device.functions().vkDestroySemaphore(m_device.handle(), frame.acquired, nullptr);
  const Instance& instance = *m_adapter.instance();
  instance.functions().vkDestroySurfaceKHR(instance.handle(), m_surface, nullptr);
}

VkExtent2D Presenter::windowExtent() {
  VkSurfaceCapabilitiesKHR caps{};
  VkResult result;
  {
    // vkCreateSwapchainKHR on the worker needs the surface externally synchronized.
    std::lock_guard surfaceLock(m_surfaceMutex);
    result = m_adapter.instance()->functions().vkGetPhysicalDeviceSurfaceCapabilitiesKHR(m_adapter.handle(), m_surface, &caps);
  }
  if (result < 0 || windowGone(caps)) {
    if (result == VK_ERROR_SURFACE_LOST_KHR || result >= 0)
      markLost(VK_ERROR_SURFACE_LOST_KHR, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    return VkExtent2D{0, 0};
  }
  return caps.currentExtent;
}

bool Presenter::surfaceLost() const {
  std::lock_guard lock(m_mutex);
  return m_lost;
}

void Presenter::notePresentRecorded() {
  std::lock_guard lock(m_mutex);
  m_outstanding++;
}

uint64_t Presenter::presentCount() const {
  std::lock_guard lock(m_mutex);
  return m_presentCount;
}

void Presenter::finished() {
  {
    std::lock_guard lock(m_mutex);
    if (m_outstanding)
      m_outstanding--;
  }
  m_idle.notify_all();
}

void Presenter::markLost(VkResult result, const char* call) {
  std::lock_guard lock(m_mutex);
  if (!m_lost)
    util::log::warn("presenter: ", call, ": ", resultName(result), "; the window is gone, frames are dropped");
  m_lost = true;
}

VkPresentModeKHR Presenter::chooseMode(uint32_t syncInterval, bool allowTearing) const {
  auto has = [&](VkPresentModeKHR mode) { return std::find(m_modes.begin(), m_modes.end(), mode) != m_modes.end(); };
  // Interval 0 does not wait for vblank; it tears only when the application allowed it
  // (DXGI_PRESENT_ALLOW_TEARING), as flip-model swapchains behave on Windows.
  if (syncInterval == 0) {
    if (allowTearing && has(VK_PRESENT_MODE_IMMEDIATE_KHR))
      return VK_PRESENT_MODE_IMMEDIATE_KHR;
    if (has(VK_PRESENT_MODE_MAILBOX_KHR))
      return VK_PRESENT_MODE_MAILBOX_KHR;
    if (has(VK_PRESENT_MODE_IMMEDIATE_KHR))
      return VK_PRESENT_MODE_IMMEDIATE_KHR;
  }
  return VK_PRESENT_MODE_FIFO_KHR;  // always supported
}

VkSurfaceFormatKHR Presenter::chooseFormat(VkFormat format) const {
  auto find = [&](VkFormat wanted) -> const VkSurfaceFormatKHR* {
    for (const VkSurfaceFormatKHR& offered : m_formats)
      if (offered.format == wanted && offered.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
        return &offered;
    return nullptr;
  };
  if (const VkSurfaceFormatKHR* exact = find(format))
    return *exact;
  // The blit converts between formats; what must match is whether values are sRGB-encoded. A
  // float back buffer holds linear values, which the display shows through sRGB encoding.
  bool srgb = isSrgb(format) || format == VK_FORMAT_R16G16B16A16_SFLOAT;
  const VkFormat srgbCandidates[] = {VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB};
  const VkFormat unormCandidates[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM};
  for (VkFormat candidate : srgb ? srgbCandidates : unormCandidates)
    if (const VkSurfaceFormatKHR* found = find(candidate))
      return *found;
  return m_formats.front();
}

void Presenter::destroySwapchain() {
  const DeviceFunctions& vk = m_device.functions();
  for (VkSemaphore semaphore : m_rendered)
    vk.vkDestroySemaphore(m_device.handle(), semaphore, nullptr);
  m_rendered.clear();
  for (VkImageView view : m_views)
    vk.vkDestroyImageView(m_device.handle(), view, nullptr);
  m_views.clear();
  m_images.clear();
  if (m_swapchain)
    vk.vkDestroySwapchainKHR(m_device.handle(), m_swapchain, nullptr);
  m_swapchain = VK_NULL_HANDLE;
}

bool Presenter::recreate(VkFormat format, VkPresentModeKHR mode) {
  const DeviceFunctions& vk = m_device.functions();
  // From the capabilities to the new swapchain, no other query of the surface may come between:
  // vkCreateSwapchainKHR needs the surface externally synchronized, and the capabilities must be
  // those the swapchain is made for (the validation layer checks against the latest query).
  std::unique_lock surfaceLock(m_surfaceMutex);
  VkSurfaceCapabilitiesKHR caps{};
  VkResult result = m_adapter.instance()->functions().vkGetPhysicalDeviceSurfaceCapabilitiesKHR(m_adapter.handle(), m_surface, &caps);
  if (result == VK_ERROR_SURFACE_LOST_KHR) {
    markLost(result, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    return false;
  }
  check(result, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
  if (windowGone(caps)) {
    markLost(VK_ERROR_SURFACE_LOST_KHR, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR (no capabilities: the window is gone)");
    return false;
  }
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == 0xFFFFFFFFu)
    extent = m_extent.width ? m_extent : VkExtent2D{caps.minImageExtent.width, caps.minImageExtent.height};
  if (extent.width == 0 || extent.height == 0)
    return false;  // minimised: nothing to show until it has an area again

  // Frames in flight may still use the old swapchain's images and our semaphores.
  {
    std::lock_guard queueLock(m_device.queueMutex());
    check(vk.vkQueueWaitIdle(m_device.queue()), "vkQueueWaitIdle");
  }

  VkSurfaceFormatKHR surfaceFormat = chooseFormat(format);
  uint32_t imageCount = std::max(caps.minImageCount, 3u);
  if (caps.maxImageCount)
    imageCount = std::min(imageCount, caps.maxImageCount);
  VkCompositeAlphaFlagBitsKHR alpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & alpha))
    alpha = VkCompositeAlphaFlagBitsKHR(caps.supportedCompositeAlpha & -caps.supportedCompositeAlpha);  // lowest offered

  VkSwapchainCreateInfoKHR info = makeStruct<VkSwapchainCreateInfoKHR>(VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR);
  info.surface = m_surface;
  info.minImageCount = imageCount;
  info.imageFormat = surfaceFormat.format;
  info.imageColorSpace = surfaceFormat.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  info.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  // The HUD draws into the image after the blit. Every surface offers colour-attachment usage
  // (the Vulkan spec requires it), so asking cannot fail.
  if (m_hud)
    info.imageUsage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = (caps.supportedTransforms & VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR) ? VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
                                                                                         : caps.currentTransform;
  info.compositeAlpha = alpha;
  info.presentMode = mode;
  info.clipped = VK_TRUE;
  info.oldSwapchain = m_swapchain;
  VkSwapchainKHR created = VK_NULL_HANDLE;
  result = vk.vkCreateSwapchainKHR(m_device.handle(), &info, nullptr, &created);
  surfaceLock.unlock();
  destroySwapchain();  // retired either way
  if (result == VK_ERROR_SURFACE_LOST_KHR || result == VK_ERROR_NATIVE_WINDOW_IN_USE_KHR) {
    markLost(result, "vkCreateSwapchainKHR");
    return false;
  }
  check(result, "vkCreateSwapchainKHR");
  m_swapchain = created;

  uint32_t count = 0;
  check(vk.vkGetSwapchainImagesKHR(m_device.handle(), m_swapchain, &count, nullptr), "vkGetSwapchainImagesKHR");
  m_images.resize(count);
  check(vk.vkGetSwapchainImagesKHR(m_device.handle(), m_swapchain, &count, m_images.data()), "vkGetSwapchainImagesKHR");
  m_images.resize(count);
  m_imageFormat = surfaceFormat.format;
  if (m_hud) {
    for (VkImage image : m_images) {
      VkImageViewCreateInfo viewInfo = makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
      viewInfo.image = image;
      viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
      viewInfo.format = surfaceFormat.format;
      viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      VkImageView view = VK_NULL_HANDLE;
      check(vk.vkCreateImageView(m_device.handle(), &viewInfo, nullptr, &view), "vkCreateImageView");
      m_views.push_back(view);
    }
  }

  VkSemaphoreCreateInfo semaphoreInfo = makeStruct<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
  m_rendered.assign(count, VK_NULL_HANDLE);
  for (VkSemaphore& semaphore : m_rendered)
    check(vk.vkCreateSemaphore(m_device.handle(), &semaphoreInfo, nullptr, &semaphore), "vkCreateSemaphore");
  // Acquire semaphores are made afresh too: an abandoned frame may have left one signalled.
  for (Frame& frame : m_frames)
    vk.vkDestroySemaphore(m_device.handle(), frame.acquired, nullptr);
  m_frames.assign(count, Frame{});
  for (Frame& frame : m_frames)
    check(vk.vkCreateSemaphore(m_device.handle(), &semaphoreInfo, nullptr, &frame.acquired), "vkCreateSemaphore");
  m_frameIndex = 0;

  m_extent = extent;
  m_sourceFormat = format;
  m_mode = mode;
  m_dirty = false;
  util::log::info("presenter: swapchain ", extent.width, "x", extent.height, ", ", count, " images, format ",
                  int(surfaceFormat.format), ", present mode ", int(mode));
  return true;
}

bool Presenter::record(VkCommandBuffer commands, uint64_t submission, VkImage source, VkExtent2D extent, VkFormat format,
                       uint32_t syncInterval, bool allowTearing, const PresentLayout& layout, PresentWork* work) {
  try {
    if (surfaceLost()) {
      finished();
      return false;
    }
    const DeviceFunctions& vk = m_device.functions();
    VkPresentModeKHR mode = chooseMode(syncInterval, allowTearing);
    VkExtent2D window = windowExtent();
    if (mode != m_mode || format != m_sourceFormat || !m_swapchain ||
        (window.width && window.width != 0xFFFFFFFFu && (window.width != m_extent.width || window.height != m_extent.height)))
      m_dirty = true;

    uint32_t index = 0;
    Frame* frame = nullptr;
    for (int attempt = 0;; ++attempt) {
      if (m_dirty && !recreate(format, mode)) {
        finished();
        return false;
      }
      frame = &m_frames[m_frameIndex];
      // The semaphore must have no pending wait before it is signalled again.
      if (frame->submission)
        m_device.timeline().wait(frame->submission);
      // A bounded wait: a hidden window may never release an image under FIFO.
      VkResult result = vk.vkAcquireNextImageKHR(m_device.handle(), m_swapchain, 1000000000ull, frame->acquired,
                                                  VK_NULL_HANDLE, &index);
      if (result == VK_SUCCESS)
        break;
      if (result == VK_SUBOPTIMAL_KHR) {
        m_dirty = true;  // usable now, recreated next frame
        break;
      }
      if (result == VK_ERROR_OUT_OF_DATE_KHR && attempt == 0) {
        m_dirty = true;
        continue;
      }
      if (result == VK_ERROR_SURFACE_LOST_KHR)
        markLost(result, "vkAcquireNextImageKHR");
      else if (result == VK_TIMEOUT || result == VK_NOT_READY)
        util::log::warn("presenter: no swapchain image within a second; the frame is dropped");
      else if (result < 0)
        check(result, "vkAcquireNextImageKHR");
      else
        m_dirty = true;
      finished();
      return false;
    }
    const uint32_t slot = m_frameIndex;
    m_frameIndex = (m_frameIndex + 1) % uint32_t(m_frames.size());
    frame->submission = submission;

    VkImage target = m_images[index];
    VkImageMemoryBarrier2 toTransfer = makeStruct<VkImageMemoryBarrier2>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2);
    // The submission waits for the acquire at ALL_COMMANDS, so the transition chains after it.
    toTransfer.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    toTransfer.srcAccessMask = 0;
    toTransfer.dstStageMask = VK_PIPELINE_STAGE_2_BLIT_BIT;
    toTransfer.dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    toTransfer.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;  // every texel is rewritten
    toTransfer.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    toTransfer.srcQueueFamilyIndex = toTransfer.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    toTransfer.image = target;
    toTransfer.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkDependencyInfo dependency = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
    dependency.imageMemoryBarrierCount = 1;
    dependency.pImageMemoryBarriers = &toTransfer;
    vk.vkCmdPipelineBarrier2(commands, &dependency);

    // SetSourceSize: the top-left region of the buffer stands for the whole buffer.
    VkExtent2D shown = extent;
    if (layout.sourceSize.width && layout.sourceSize.height)
      shown = {std::min(extent.width, layout.sourceSize.width), std::min(extent.height, layout.sourceSize.height)};
    const PresentPlacement placement = placePresent(layout, shown, m_extent);
    if (!placement.coversTarget) {
      // What the buffer leaves uncovered shows the fill (background colour or black borders),
      // never the image's previous contents, which are undefined after acquire.
      const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      vk.vkCmdClearColorImage(commands, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &layout.fill, 1, &range);
      VkMemoryBarrier2 cleared = makeStruct<VkMemoryBarrier2>(VK_STRUCTURE_TYPE_MEMORY_BARRIER_2);
      cleared.srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT;
      cleared.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      cleared.dstStageMask = VK_PIPELINE_STAGE_2_BLIT_BIT;
      cleared.dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      VkDependencyInfo afterClear = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
      afterClear.memoryBarrierCount = 1;
      afterClear.pMemoryBarriers = &cleared;
      vk.vkCmdPipelineBarrier2(commands, &afterClear);
    }
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.srcOffsets[0] = {placement.sourceMin.x, placement.sourceMin.y, 0};
    blit.srcOffsets[1] = {placement.sourceMax.x, placement.sourceMax.y, 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.dstOffsets[0] = {placement.targetMin.x, placement.targetMin.y, 0};
    blit.dstOffsets[1] = {placement.targetMax.x, placement.targetMax.y, 1};
    bool sameSize = placement.sourceMax.x - placement.sourceMin.x == placement.targetMax.x - placement.targetMin.x &&
                    placement.sourceMax.y - placement.sourceMin.y == placement.targetMax.y - placement.targetMin.y;
    vk.vkCmdBlitImage(commands, source, VK_IMAGE_LAYOUT_GENERAL, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit,
                      sameSize ? VK_FILTER_NEAREST : VK_FILTER_LINEAR);

    const bool hudDrawn = m_hud && recordHud(commands, slot, index);
    VkImageMemoryBarrier2 toPresent = toTransfer;
    toPresent.srcStageMask = hudDrawn ? VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT : VK_PIPELINE_STAGE_2_BLIT_BIT;
    toPresent.srcAccessMask = hudDrawn ? VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT : VK_ACCESS_2_TRANSFER_WRITE_BIT;
    toPresent.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;  // the signal of `rendered` follows
    toPresent.dstAccessMask = 0;
    toPresent.oldLayout = hudDrawn ? VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    toPresent.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    dependency.pImageMemoryBarriers = &toPresent;
    vk.vkCmdPipelineBarrier2(commands, &dependency);

    work->presenter = this;
    work->acquired = frame->acquired;
    work->rendered = m_rendered[index];
    work->swapchain = m_swapchain;
    work->imageIndex = index;
    return true;
  } catch (const Error& error) {
    util::log::error("presenter: ", error.what(), "; the frame is dropped");
    m_dirty = true;
    finished();
    if (error.result() == VK_ERROR_DEVICE_LOST)
      throw;
    return false;
  }
}

bool Presenter::recordHud(VkCommandBuffer commands, uint32_t slot, uint32_t index) {
  const std::vector<HudQuad> quads = layoutHud(m_hud->content(Hud::Clock::now()), m_hud->options().scale);
  if (quads.empty() || index >= m_views.size())
    return false;
  // After the blit's writes, as a colour attachment the overlay blends into.
  VkImageMemoryBarrier2 toAttachment = makeStruct<VkImageMemoryBarrier2>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2);
  toAttachment.srcStageMask = VK_PIPELINE_STAGE_2_BLIT_BIT;
  toAttachment.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  toAttachment.dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  toAttachment.dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  toAttachment.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  toAttachment.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  toAttachment.srcQueueFamilyIndex = toAttachment.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  toAttachment.image = m_images[index];
  toAttachment.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkDependencyInfo dependency = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
  dependency.imageMemoryBarrierCount = 1;
  dependency.pImageMemoryBarriers = &toAttachment;
  m_device.functions().vkCmdPipelineBarrier2(commands, &dependency);
  m_hudRenderer->record(commands, slot, m_views[index], m_imageFormat, m_extent, quads, m_hud->options().opacity);
  return true;
}

void Presenter::present(const PresentWork& work) {
  VkPresentInfoKHR info = makeStruct<VkPresentInfoKHR>(VK_STRUCTURE_TYPE_PRESENT_INFO_KHR);
  info.waitSemaphoreCount = 1;
  info.pWaitSemaphores = &work.rendered;
  info.swapchainCount = 1;
  info.pSwapchains = &work.swapchain;
  info.pImageIndices = &work.imageIndex;
  VkResult result;
  {
    std::lock_guard queueLock(m_device.queueMutex());
    result = m_device.functions().vkQueuePresentKHR(m_device.queue(), &info);
  }
  if (result == VK_SUCCESS) {
    std::lock_guard lock(m_mutex);
    m_presentCount++;
  } else if (result == VK_SUBOPTIMAL_KHR || result == VK_ERROR_OUT_OF_DATE_KHR) {
    m_dirty = true;  // the window changed: the next frame recreates the swapchain
    if (result == VK_SUBOPTIMAL_KHR) {
      std::lock_guard lock(m_mutex);
      m_presentCount++;
    }
  } else if (result == VK_ERROR_SURFACE_LOST_KHR) {
    markLost(result, "vkQueuePresentKHR");
  } else if (result == VK_ERROR_DEVICE_LOST) {
    m_device.timeline().noteLost("vkQueuePresentKHR", result);  // logs once; Present reports it
  } else {
    util::log::error("presenter: vkQueuePresentKHR: ", resultName(result));
    m_dirty = true;
  }
  finished();
}

void Presenter::abandon(const PresentWork&) {
  m_dirty = true;  // an image stays acquired: start again with a fresh swapchain
  finished();
}

}  // namespace vk
