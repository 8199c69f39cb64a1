#pragma once
#include <string>
namespace util {
namespace text {
std::string trim(const std::string &s);
std::string pad(const std::string &s, int width);
std::string pad(const std::string &s, int width, char fill);
}  // namespace text
int count(const char *s);
}  // namespace util
