// Loading libxcb and libxcb-randr at run time, and the process's DXGI connection to DISPLAY.
#include "dxgi/dxgi_xcb.h"

#include <dlfcn.h>

#include <cstdlib>

#include "util/log.h"

namespace d3d11vk::xcb {

namespace {

template <typename Pointer>
bool load(void* library, const char* name, Pointer* pointer) {
  *pointer = reinterpret_cast<Pointer>(dlsym(library, name));
  return *pointer != nullptr;
}

// Null when libxcb cannot be loaded; RandR's members stay null without libxcb-randr. Loaded once,
// kept until process exit.
const Functions* loadFunctions() {
  static const Functions* loaded = [] () -> const Functions* {
    static Functions f{};
    void* core = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!core) {
      util::log::warn("DXGI: cannot load libxcb.so.1 (", dlerror(), "); natively there are no outputs and no fullscreen");
      return nullptr;
    }
    bool ok = load(core, "xcb_connect", &f.connect) && load(core, "xcb_disconnect", &f.disconnect) &&
              load(core, "xcb_connection_has_error", &f.connectionHasError) &&
              load(core, "xcb_flush", &f.flush) && load(core, "xcb_get_setup", &f.getSetup) &&
              load(core, "xcb_setup_roots_iterator", &f.setupRootsIterator) && load(core, "xcb_screen_next", &f.screenNext) &&
              load(core, "xcb_get_extension_data", &f.getExtensionData) && load(core, "xcb_get_geometry", &f.getGeometry) &&
              load(core, "xcb_get_geometry_reply", &f.getGeometryReply) &&
              load(core, "xcb_translate_coordinates", &f.translateCoordinates) &&
              load(core, "xcb_translate_coordinates_reply", &f.translateCoordinatesReply) &&
              load(core, "xcb_query_tree", &f.queryTree) && load(core, "xcb_query_tree_reply", &f.queryTreeReply) &&
              load(core, "xcb_configure_window_checked", &f.configureWindowChecked) &&
              load(core, "xcb_request_check", &f.requestCheck) && load(core, "xcb_intern_atom", &f.internAtom) &&
              load(core, "xcb_intern_atom_reply", &f.internAtomReply) && load(core, "xcb_get_property", &f.getProperty) &&
              load(core, "xcb_get_property_reply", &f.getPropertyReply) &&
              load(core, "xcb_get_property_value", &f.getPropertyValue) &&
              load(core, "xcb_get_property_value_length", &f.getPropertyValueLength) &&
              load(core, "xcb_send_event_checked", &f.sendEventChecked);
    if (!ok) {
      util::log::warn("DXGI: libxcb.so.1 lacks a call DXGI uses; natively there are no outputs and no fullscreen");
      return nullptr;
    }
    void* randr = dlopen("libxcb-randr.so.0", RTLD_NOW | RTLD_LOCAL);
    Functions withRandr = f;
    bool randrOk = randr && load(randr, "xcb_randr_id", &withRandr.randrId) &&
        load(randr, "xcb_randr_query_version", &withRandr.randrQueryVersion) &&
        load(randr, "xcb_randr_query_version_reply", &withRandr.randrQueryVersionReply) &&
        load(randr, "xcb_randr_get_screen_resources_current", &withRandr.randrGetScreenResourcesCurrent) &&
        load(randr, "xcb_randr_get_screen_resources_current_reply", &withRandr.randrGetScreenResourcesCurrentReply) &&
        load(randr, "xcb_randr_get_screen_resources_current_outputs", &withRandr.randrScreenResourcesCurrentOutputs) &&
        load(randr, "xcb_randr_get_screen_resources_current_outputs_length", &withRandr.randrScreenResourcesCurrentOutputsLength) &&
        load(randr, "xcb_randr_get_screen_resources_current_modes", &withRandr.randrScreenResourcesCurrentModes) &&
        load(randr, "xcb_randr_get_screen_resources_current_modes_length", &withRandr.randrScreenResourcesCurrentModesLength) &&
        load(randr, "xcb_randr_get_output_info", &withRandr.randrGetOutputInfo) &&
        load(randr, "xcb_randr_get_output_info_reply", &withRandr.randrGetOutputInfoReply) &&
        load(randr, "xcb_randr_get_output_info_modes", &withRandr.randrOutputInfoModes) &&
        load(randr, "xcb_randr_get_output_info_modes_length", &withRandr.randrOutputInfoModesLength) &&
        load(randr, "xcb_randr_get_output_info_name", &withRandr.randrOutputInfoName) &&
        load(randr, "xcb_randr_get_output_info_name_length", &withRandr.randrOutputInfoNameLength) &&
        load(randr, "xcb_randr_get_crtc_info", &withRandr.randrGetCrtcInfo) &&
        load(randr, "xcb_randr_get_crtc_info_reply", &withRandr.randrGetCrtcInfoReply) &&
        load(randr, "xcb_randr_get_output_primary", &withRandr.randrGetOutputPrimary) &&
        load(randr, "xcb_randr_get_output_primary_reply", &withRandr.randrGetOutputPrimaryReply);
    if (randrOk)
      f = withRandr;
    else
      util::log::info("DXGI: libxcb-randr.so.0 is missing or incomplete; the X screen is one output");
    return &f;
  }();
  return loaded;
}

std::mutex g_mutex;
Connection* g_connection = nullptr;  // kept until process exit once made, like the presenter's
const Screen* g_screen = nullptr;

}  // namespace

void freeReply(void* reply) {
  std::free(reply);
}

Session::Session() : m_lock(g_mutex) {
  m_functions = loadFunctions();
  if (!m_functions)
    return;
  const Functions& fn = *m_functions;
  if (g_connection && fn.connectionHasError(g_connection)) {
    // The server went away; a new one may be on DISPLAY now. Only sessions (under this lock) use
    // the connection, so it can go.
    util::log::warn("DXGI: the X connection broke; reconnecting");
    fn.disconnect(g_connection);
    g_connection = nullptr;
    g_screen = nullptr;
  }
  if (!g_connection) {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display)
      return;  // no window system: no outputs, asked again next time
    int screenNumber = 0;
    Connection* connection = fn.connect(nullptr, &screenNumber);
    if (!connection || fn.connectionHasError(connection)) {
      D3D11VK_LOG_ONCE(Warn, "DXGI: cannot connect to the X server on DISPLAY=", display);
      if (connection)
        fn.disconnect(connection);  // xcb hands out an error connection that must still be freed
      return;
    }
    ScreenIterator screens = fn.setupRootsIterator(fn.getSetup(connection));
    for (int i = 0; i < screenNumber && screens.rem; ++i)
      fn.screenNext(&screens);
    if (!screens.rem || !screens.data) {
      util::log::warn("DXGI: the X server has no screen ", screenNumber);
      fn.disconnect(connection);
      return;
    }
    g_connection = connection;
    g_screen = screens.data;
  }
  m_connection = g_connection;
  m_screen = g_screen;
}

}  // namespace d3d11vk::xcb
