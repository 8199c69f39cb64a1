class Animal:
    def speak(self):
        return "..."

    def greet(self):
        return "hello"


class Pet(Animal):
    def greet(self):
        return "hi"
