print("gallery: under construction")
