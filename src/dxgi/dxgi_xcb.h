// Xcb: the libxcb and libxcb-randr calls DXGI makes natively (outputs from RandR, fullscreen window
// placement), loaded at run time over a private connection to DISPLAY, with the few X protocol
// structures they use declared here (docs/dxgi.md: nothing links libxcb, no -dev headers needed).
#pragma once

#include <cstdint>
#include <mutex>

namespace d3d11vk::xcb {

// ---- X protocol structures (the layouts libxcb hands out: X11 protocol and RandR 1.3) ----
struct Connection;  // xcb_connection_t
struct Extension;   // xcb_extension_t
struct Setup;       // xcb_setup_t

struct Cookie {
  unsigned int sequence;
};

struct GenericError {  // xcb_generic_error_t
  uint8_t responseType, errorCode;
  uint16_t sequence;
  uint32_t resourceId;
  uint16_t minorCode;
  uint8_t majorCode, pad0;
  uint32_t pad[5];
  uint32_t fullSequence;
};

struct Screen {  // xcb_screen_t (the fixed part)
  uint32_t root, defaultColormap, whitePixel, blackPixel, currentInputMasks;
  uint16_t widthInPixels, heightInPixels, widthInMillimeters, heightInMillimeters;
  uint16_t minInstalledMaps, maxInstalledMaps;
  uint32_t rootVisual;
  uint8_t backingStores, saveUnders, rootDepth, allowedDepthsLen;
};

struct ScreenIterator {  // xcb_screen_iterator_t
  Screen* data;
  int rem;
  int index;
};

struct QueryExtensionReply {  // xcb_query_extension_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint8_t present, majorOpcode, firstEvent, firstError;
};

struct GetGeometryReply {  // xcb_get_geometry_reply_t
  uint8_t responseType, depth;
  uint16_t sequence;
  uint32_t length;
  uint32_t root;
  int16_t x, y;
  uint16_t width, height, borderWidth;
  uint8_t pad0[2];
};

struct TranslateCoordinatesReply {  // xcb_translate_coordinates_reply_t
  uint8_t responseType, sameScreen;
  uint16_t sequence;
  uint32_t length;
  uint32_t child;
  int16_t dstX, dstY;
};

struct QueryTreeReply {  // xcb_query_tree_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t root, parent;
  uint16_t childrenLen;
  uint8_t pad1[14];
};

struct InternAtomReply {  // xcb_intern_atom_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t atom;
};

struct GetPropertyReply {  // xcb_get_property_reply_t
  uint8_t responseType, format;
  uint16_t sequence;
  uint32_t length;
  uint32_t type, bytesAfter, valueLen;
  uint8_t pad0[12];
};

struct ClientMessageEvent {  // xcb_client_message_event_t (32 bytes on the wire)
  uint8_t responseType, format;
  uint16_t sequence;
  uint32_t window, type;
  uint32_t data32[5];
};
static_assert(sizeof(ClientMessageEvent) == 32);

struct RandrQueryVersionReply {  // xcb_randr_query_version_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t majorVersion, minorVersion;
  uint8_t pad1[16];
};

struct RandrModeInfo {  // xcb_randr_mode_info_t
  uint32_t id;
  uint16_t width, height;
  uint32_t dotClock;
  uint16_t hsyncStart, hsyncEnd, htotal, hskew, vsyncStart, vsyncEnd, vtotal, nameLen;
  uint32_t modeFlags;
};
static_assert(sizeof(RandrModeInfo) == 32);

struct RandrScreenResourcesReply {  // xcb_randr_get_screen_resources_current_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t timestamp, configTimestamp;
  uint16_t numCrtcs, numOutputs, numModes, namesLen;
  uint8_t pad1[8];
};

struct RandrOutputInfoReply {  // xcb_randr_get_output_info_reply_t
  uint8_t responseType, status;
  uint16_t sequence;
  uint32_t length;
  uint32_t timestamp, crtc, mmWidth, mmHeight;
  uint8_t connection, subpixelOrder;
  uint16_t numCrtcs, numModes, numPreferred, numClones, nameLen;
};

struct RandrCrtcInfoReply {  // xcb_randr_get_crtc_info_reply_t
  uint8_t responseType, status;
  uint16_t sequence;
  uint32_t length;
  uint32_t timestamp;
  int16_t x, y;
  uint16_t width, height;
  uint32_t mode;
  uint16_t rotation, rotations, numOutputs, numPossibleOutputs;
};

struct RandrOutputPrimaryReply {  // xcb_randr_get_output_primary_reply_t
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t output;
};

constexpr uint8_t kRandrConnected = 0;
constexpr uint32_t kRandrModeInterlace = 0x10;
constexpr uint32_t kRandrModeDoubleScan = 0x20;
constexpr uint16_t kRandrRotate90 = 2, kRandrRotate180 = 4, kRandrRotate270 = 8;
constexpr uint8_t kClientMessage = 33;
constexpr uint32_t kAtomAtom = 4, kAtomWindow = 33;
constexpr uint32_t kSubstructureNotifyMask = 1u << 19, kSubstructureRedirectMask = 1u << 20;
constexpr uint16_t kConfigX = 1, kConfigY = 2, kConfigWidth = 4, kConfigHeight = 8, kConfigBorderWidth = 16,
                   kConfigStackMode = 64;
constexpr uint32_t kStackAbove = 0;

// The calls, from libxcb.so.1 and (when present) libxcb-randr.so.0.
struct Functions {
  Connection* (*connect)(const char*, int*);
  void (*disconnect)(Connection*);
  int (*connectionHasError)(Connection*);
  int (*flush)(Connection*);
  const Setup* (*getSetup)(Connection*);
  ScreenIterator (*setupRootsIterator)(const Setup*);
  void (*screenNext)(ScreenIterator*);
  const QueryExtensionReply* (*getExtensionData)(Connection*, Extension*);
  Cookie (*getGeometry)(Connection*, uint32_t);
  GetGeometryReply* (*getGeometryReply)(Connection*, Cookie, GenericError**);
  Cookie (*translateCoordinates)(Connection*, uint32_t, uint32_t, int16_t, int16_t);
  TranslateCoordinatesReply* (*translateCoordinatesReply)(Connection*, Cookie, GenericError**);
  Cookie (*queryTree)(Connection*, uint32_t);
  QueryTreeReply* (*queryTreeReply)(Connection*, Cookie, GenericError**);
  Cookie (*configureWindowChecked)(Connection*, uint32_t, uint16_t, const void*);
  GenericError* (*requestCheck)(Connection*, Cookie);
  Cookie (*internAtom)(Connection*, uint8_t, uint16_t, const char*);
  InternAtomReply* (*internAtomReply)(Connection*, Cookie, GenericError**);
  Cookie (*getProperty)(Connection*, uint8_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);
  GetPropertyReply* (*getPropertyReply)(Connection*, Cookie, GenericError**);
  void* (*getPropertyValue)(const GetPropertyReply*);
  int (*getPropertyValueLength)(const GetPropertyReply*);
  Cookie (*sendEventChecked)(Connection*, uint8_t, uint32_t, uint32_t, const char*);

  // RandR; null when libxcb-randr.so.0 is missing.
  Extension* randrId;
  Cookie (*randrQueryVersion)(Connection*, uint32_t, uint32_t);
  RandrQueryVersionReply* (*randrQueryVersionReply)(Connection*, Cookie, GenericError**);
  Cookie (*randrGetScreenResourcesCurrent)(Connection*, uint32_t);
  RandrScreenResourcesReply* (*randrGetScreenResourcesCurrentReply)(Connection*, Cookie, GenericError**);
  uint32_t* (*randrScreenResourcesCurrentOutputs)(const RandrScreenResourcesReply*);
  int (*randrScreenResourcesCurrentOutputsLength)(const RandrScreenResourcesReply*);
  RandrModeInfo* (*randrScreenResourcesCurrentModes)(const RandrScreenResourcesReply*);
  int (*randrScreenResourcesCurrentModesLength)(const RandrScreenResourcesReply*);
  Cookie (*randrGetOutputInfo)(Connection*, uint32_t, uint32_t);
  RandrOutputInfoReply* (*randrGetOutputInfoReply)(Connection*, Cookie, GenericError**);
  uint32_t* (*randrOutputInfoModes)(const RandrOutputInfoReply*);
  int (*randrOutputInfoModesLength)(const RandrOutputInfoReply*);
  uint8_t* (*randrOutputInfoName)(const RandrOutputInfoReply*);
  int (*randrOutputInfoNameLength)(const RandrOutputInfoReply*);
  Cookie (*randrGetCrtcInfo)(Connection*, uint32_t, uint32_t);
  RandrCrtcInfoReply* (*randrGetCrtcInfoReply)(Connection*, Cookie, GenericError**);
  Cookie (*randrGetOutputPrimary)(Connection*, uint32_t);
  RandrOutputPrimaryReply* (*randrGetOutputPrimaryReply)(Connection*, Cookie, GenericError**);

  bool hasRandr() const { return randrId != nullptr; }
};

// The process's DXGI connection to DISPLAY, held under its lock: replies are read by whoever sent
// the request. Empty (connected() false) without DISPLAY, libxcb or a server to talk to; a later
// session tries again.
class Session {
public:
  Session();
  bool connected() const { return m_connection != nullptr; }
  const Functions& f() const { return *m_functions; }
  Connection* connection() const { return m_connection; }
  // The root window and size of the connection's default screen.
  const Screen& screen() const { return *m_screen; }

private:
  std::unique_lock<std::mutex> m_lock;
  const Functions* m_functions = nullptr;
  Connection* m_connection = nullptr;
  const Screen* m_screen = nullptr;
};

// A reply allocated by libxcb, freed when it goes.
template <typename Reply>
class Owned {
public:
  explicit Owned(Reply* reply = nullptr) : m_reply(reply) {}
  ~Owned();
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  Reply* operator->() const { return m_reply; }
  Reply* get() const { return m_reply; }
  explicit operator bool() const { return m_reply != nullptr; }

private:
  Reply* m_reply;
};

void freeReply(void* reply);
template <typename Reply>
Owned<Reply>::~Owned() {
  freeReply(m_reply);
}

// The reply to a request sent with `cookie`, read with `call` (one of the f().*Reply functions);
// an error reply is discarded and yields an empty Owned.
template <typename Reply, typename ReplyCall>
Owned<Reply> reply(const Session& x, ReplyCall call, Cookie cookie) {
  GenericError* error = nullptr;
  Reply* result = call(x.connection(), cookie, &error);
  freeReply(error);
  return Owned<Reply>(result);
}

}  // namespace d3d11vk::xcb
