// The one exception type of the DXBC front end: malformed input, with the byte or token offset.
#pragma once

#include <stdexcept>
#include <string>

namespace dxbc {

// Everything that reads untrusted bytes or text throws this and nothing else, so callers
// (tools, the compiler, tests) can tell bad input from a bug in the layer.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace dxbc
