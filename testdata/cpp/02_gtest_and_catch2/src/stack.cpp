#include "stack.hpp"
void Stack::push(int v) { items_.push_back(v); }
int Stack::pop() { int v = items_.back(); items_.pop_back(); return v; }
bool Stack::empty() const { return items_.empty(); }
