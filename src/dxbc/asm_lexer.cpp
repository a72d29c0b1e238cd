// The assembly lexer.
#include "dxbc/asm_lexer.h"

#include <cctype>

#include "dxbc/error.h"

namespace dxbc::assembly {

std::vector<Token> lex(const std::string& text, size_t line) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = uint8_t(text[i]);
    if (std::isspace(c)) {
      i++;
    } else if (std::isalpha(c) || c == '_') {
      size_t b = i;
      while (i < text.size() && (std::isalnum(uint8_t(text[i])) || text[i] == '_'))
        i++;
      tokens.push_back({Token::Word, text.substr(b, i - b)});
    } else if (std::isdigit(c)) {
      size_t b = i;
      bool hex = i + 1 < text.size() && c == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X');
      while (i < text.size()) {
        char d = text[i];
        if (std::isalnum(uint8_t(d)) || d == '.' || d == '_') {
          i++;
        } else if ((d == '+' || d == '-') && !hex && (text[i - 1] == 'e' || text[i - 1] == 'E')) {
          i++;
        } else {
          break;
        }
      }
      tokens.push_back({Token::Number, text.substr(b, i - b)});
    } else if (std::string(",()[]{}+-|.:=").find(char(c)) != std::string::npos) {
      tokens.push_back({Token::Punct, std::string(1, char(c))});
      i++;
    } else {
      throw Error("line " + std::to_string(line) + ": unexpected character '" + std::string(1, char(c)) + "'");
    }
  }
  return tokens;
}

const Token& TokenStream::peek(size_t ahead) const {
  return m_pos + ahead < m_tokens.size() ? m_tokens[m_pos + ahead] : m_end;
}

Token TokenStream::next() {
  Token t = peek();
  if (m_pos < m_tokens.size())
    m_pos++;
  return t;
}

bool TokenStream::accept(const char* punct) {
  if (peek().kind == Token::Punct && peek().text == punct) {
    m_pos++;
    return true;
  }
  return false;
}

void TokenStream::expect(const char* punct) {
  if (!accept(punct))
    fail(std::string("expected '") + punct + "'" + (atEnd() ? " at the end" : " before '" + peek().text + "'"));
}

std::string TokenStream::expectWord() {
  if (peek().kind != Token::Word)
    fail(atEnd() ? "expected a name at the end" : "expected a name, found '" + peek().text + "'");
  return next().text;
}

std::string TokenStream::expectNumber() {
  bool negative = accept("-");
  if (peek().kind != Token::Number)
    fail(atEnd() ? "expected a number at the end" : "expected a number, found '" + peek().text + "'");
  return (negative ? "-" : "") + next().text;
}

void TokenStream::fail(const std::string& message) const {
  throw Error("line " + std::to_string(m_line) + ": " + message);
}

}  // namespace dxbc::assembly
