#pragma once
#define WIDGET_EXPORT __attribute__((visibility("default")))
class WIDGET_EXPORT Widget {
public:
    int draw() const;
};
class WIDGET_EXPORT Button : public Widget {
public:
    int press();
};
