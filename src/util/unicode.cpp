// UTF-8 to UTF-16 conversion.
#include "util/unicode.h"

namespace util {

std::u16string utf8ToUtf16(std::string_view text) {
  std::u16string result;
  result.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    unsigned char lead = static_cast<unsigned char>(text[i]);
    char32_t code = 0xfffd;
    size_t length = 1;
    if (lead < 0x80) {
      code = lead;
    } else if (lead >= 0xc2 && lead <= 0xf4) {
      size_t needed = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      char32_t value = lead & (0xff >> (needed + 1));
      size_t k = 1;
      for (; k < needed && i + k < text.size(); k++) {
        unsigned char next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xc0) != 0x80)
          break;
        value = (value << 6) | (next & 0x3f);
      }
      static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
      if (k == needed && value >= smallest[needed] && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff)) {
        code = value;
        length = needed;
      } else {
        length = k;  // resynchronise at the first byte that broke the sequence
      }
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      result += char16_t(0xd800 + (code >> 10));
      result += char16_t(0xdc00 + (code & 0x3ff));
    } else {
      result += char16_t(code);
    }
    i += length;
  }
  return result;
}

}  // namespace util
