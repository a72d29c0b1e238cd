// The validator helper: SPIRV-Tools' C API, so no test depends on a spirv-val binary on PATH.
#include "spirv_validate.h"

#include <spirv-tools/libspirv.h>

namespace spirv_test {

std::string validate(const std::vector<uint32_t>& words) { return validate(words, 1); }

std::string validate(const std::vector<uint32_t>& words, int vulkanMinor) {
  spv_context context = spvContextCreate(vulkanMinor == 3 ? SPV_ENV_VULKAN_1_3 : SPV_ENV_VULKAN_1_1);
  spv_diagnostic diagnostic = nullptr;
  spv_const_binary_t binary{words.data(), words.size()};
  spv_validator_options options = spvValidatorOptionsCreate();
  spv_result_t result = spvValidateWithOptions(context, options, &binary, &diagnostic);
  std::string message;
  if (result != SPV_SUCCESS)
    message = diagnostic && diagnostic->error ? diagnostic->error : "invalid (no message)";
  spvDiagnosticDestroy(diagnostic);
  spvValidatorOptionsDestroy(options);
  spvContextDestroy(context);
  return message;
}

std::string disassemble(const std::vector<uint32_t>& words) {
  spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_1);
  spv_text text = nullptr;
  spv_diagnostic diagnostic = nullptr;
  std::string out;
  if (spvBinaryToText(context, words.data(), words.size(), SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES, &text,
                      &diagnostic) == SPV_SUCCESS)
    out.assign(text->str, text->length);
  else
    out = diagnostic && diagnostic->error ? diagnostic->error : "cannot disassemble";
  spvTextDestroy(text);
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  return out;
}

}  // namespace spirv_test
