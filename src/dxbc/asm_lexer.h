// Tokens of one assembly statement: words, numbers and punctuation, with the source line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace dxbc::assembly {

struct Token {
  enum Kind { Word, Number, Punct, End } kind = End;
  std::string text;
};

// Splits statement text (comments already removed) into tokens. Throws dxbc::Error on a character
// that cannot start a token.
std::vector<Token> lex(const std::string& text, size_t line);

// Cursor over a statement's tokens with error messages that name the line.
class TokenStream {
public:
  TokenStream(std::vector<Token> tokens, size_t line) : m_tokens(std::move(tokens)), m_line(line) {}

  const Token& peek(size_t ahead = 0) const;
  Token next();
  bool accept(const char* punct);
  void expect(const char* punct);
  std::string expectWord();
  std::string expectNumber();  // with an optional leading '-'
  bool atEnd() const { return peek().kind == Token::End; }
  [[noreturn]] void fail(const std::string& message) const;
  size_t line() const { return m_line; }

private:
  std::vector<Token> m_tokens;
  size_t m_pos = 0;
  size_t m_line;
  Token m_end;
};

}  // namespace dxbc::assembly
