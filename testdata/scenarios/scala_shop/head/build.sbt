ThisBuild / scalaVersion := "3.3.1"

lazy val root = (project in file("."))
  .settings(
    name := "shop",
    libraryDependencies += "org.scalatest" %% "scalatest" % "3.2.17" % Test
  )
