#pragma once
#include <vector>
class Stack {
public:
    void push(int v);
    int pop();
    bool empty() const;
private:
    std::vector<int> items_;
};
