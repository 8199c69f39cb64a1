#include "text.hpp"
namespace util::text {
std::string trim(const std::string &s) { return s; }
std::string pad(const std::string &s, int width) { return pad(s, width, ' '); }
std::string pad(const std::string &s, int width, char fill) { return s + std::string(width, fill); }
}  // namespace util::text
int util::count(const char *s) { return s ? 1 : 0; }
