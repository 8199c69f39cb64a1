#pragma once
namespace shop {
class Money {
public:
    explicit Money(long cents);
    Money plus(const Money &other) const;
    long cents() const { return cents_; }
private:
    long cents_;
};
}  // namespace shop
