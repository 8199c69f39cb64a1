#include "../lib/text.hpp"
#include <string>

using namespace util;
using util::text::trim;

namespace {
int count(int n) { return n; }  // the file's own
}

int main(int argc, char **argv) {
    std::string s = trim(argv[0]);
    s = text::pad(s, 4);
    return util::count(argv[0]) + count(argc);
}
