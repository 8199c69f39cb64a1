#pragma once
namespace calc {
double tax_rate(int region);
double discount(int percent);
}
