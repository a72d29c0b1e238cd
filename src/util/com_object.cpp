// Helpers shared by QueryInterface implementations: GUID formatting and unknown-interface logs.
#include "util/com_object.h"

#include <cstdint>
#include <cstdio>

namespace util {

std::string guidToString(REFGUID guid) {
  char text[40];
  std::snprintf(text, sizeof(text), "{%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}",
                unsigned(guid.Data1), unsigned(guid.Data2), unsigned(guid.Data3),
                guid.Data4[0], guid.Data4[1], guid.Data4[2], guid.Data4[3],
                guid.Data4[4], guid.Data4[5], guid.Data4[6], guid.Data4[7]);
  return text;
}

std::string pointerToString(const void* pointer) {
  char text[2 + 16 + 1];
  std::snprintf(text, sizeof(text), "0x%016llX", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(pointer)));
  return text;
}

void logUnknownInterface(const char* className, REFIID riid) {
  log::warn(className, "::QueryInterface: unknown interface ", guidToString(riid));
}

}  // namespace util
