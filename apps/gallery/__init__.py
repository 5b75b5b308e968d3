"""Gallery: photos from the shared media provider; shares images to other apps."""
