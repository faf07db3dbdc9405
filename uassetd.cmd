@echo off
rem Runs uassetd from this checkout: uassetd.cmd [serve^|^<command^>] [args...]
setlocal
set "HERE=%~dp0"
if "%UASSETD_JAR%"=="" set "UASSETD_JAR=%HERE%daemon\target\uassetd.jar"
if not exist "%UASSETD_JAR%" (
  echo uassetd: %UASSETD_JAR% not found; build it with: mvnw.cmd -q -DskipTests package 1>&2
  exit /b 2
)
set "JAVA_EXE=java"
if defined JAVA_HOME set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
"%JAVA_EXE%" %UASSETD_JAVA_OPTS% -jar "%UASSETD_JAR%" %*
exit /b %ERRORLEVEL%
