// Text encoding conversion: UTF-8 (config files, Vulkan device names) to the UTF-16 of WCHAR strings.
#pragma once

#include <string>
#include <string_view>

namespace util {

// Decodes UTF-8; a malformed byte becomes U+FFFD, so any input gives a readable result.
std::u16string utf8ToUtf16(std::string_view text);

}  // namespace util
