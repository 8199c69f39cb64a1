#include "widget.hpp"
#include "api.h"
int Widget::draw() const { return (lib_open)("screen"); }
int Button::press() { return draw() + lib_close(1); }
