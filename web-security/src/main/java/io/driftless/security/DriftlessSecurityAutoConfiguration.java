package io.driftless.security;

import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.firewall.HttpFirewall;

/**
 * The API's security, the same for the command side, the query side and the standalone server (each
 * has this module on its classpath; the standalone server gets one chain, not two). With tokens
 * configured: stateless bearer tokens, the roles of {@link AccessRules}, 401/403 in the error shape
 * ({@link SecurityErrors}). Without tokens: open, which the embedded default allows (it listens on
 * 127.0.0.1) and the {@code distributed} profile refuses ({@code driftless.security.required=true})
 * unless {@code dangerous-allow-open} says otherwise, loudly. Runs before Boot's own security
 * auto-configuration, whose generated user and login page it replaces (the {@link TokenStore} is
 * the {@code AuthenticationProvider} Boot backs off for).
 */
@AutoConfiguration(
    beforeName = {
      "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
      "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
      "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
      "org.springframework.boot.security.autoconfigure.actuate.web.servlet"
          + ".ManagementWebSecurityAutoConfiguration"
    })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties(SecuritySettings.class)
@EnableWebSecurity
public class DriftlessSecurityAutoConfiguration {

  private static final Logger log =
      LoggerFactory.getLogger(DriftlessSecurityAutoConfiguration.class);

  static final String NO_TOKENS =
      "No API tokens configured, and this profile requires them (driftless.security.required):"
          + " set driftless.security.tokens[0].name, .hash (sha256:<hex>) and .roles (env"
          + " DRIFTLESS_SECURITY_TOKENS_0_NAME, _HASH, _ROLES); README \"Authentication\".";

  @Bean
  TokenStore driftlessTokenStore(SecuritySettings settings) {
    var store = TokenStore.of(settings.tokens());
    if (settings.jwt().configured()) {
      log.info(
          "API tokens: {} configured, and JWTs of {}; every request but /actuator/health needs one",
          store.size(),
          JwtSetting.blank(settings.jwt().issuerUri())
              ? settings.jwt().jwkSetUri()
              : settings.jwt().issuerUri());
    } else if (!store.isEmpty()) {
      log.info(
          "API tokens: {} configured; every request but /actuator/health needs one", store.size());
    } else if (!settings.required()) {
      log.info(
          "API open: no tokens configured (driftless.security.tokens); README \"Authentication\"");
    } else if (settings.dangerousAllowOpen()) {
      log.warn(
          "DANGER: the API is OPEN to anyone who reaches it: this profile requires tokens and"
              + " driftless.security.dangerous-allow-open=true lets it start without any. For local"
              + " experiments and tests only.");
    } else {
      throw new SecuritySettingsException(NO_TOKENS);
    }
    return store;
  }

  /** Also the firewall's {@code RequestRejectedHandler}: Spring Security takes it as a bean. */
  @Bean
  SecurityErrors driftlessSecurityErrors() {
    return new SecurityErrors();
  }

  /** Checks every header as the request comes in ({@link HeaderCheckingFirewall}). */
  @Bean
  HttpFirewall driftlessHttpFirewall() {
    return new HeaderCheckingFirewall();
  }

  /** {@code GET /api/whoami}: the caller's name and roles (every role when the API is open). */
  @Bean
  WhoAmIController driftlessWhoAmI(TokenStore store, SecuritySettings settings) {
    return new WhoAmIController(store.isEmpty() && !settings.jwt().configured());
  }

  @Bean
  SecurityFilterChain driftlessSecurityFilterChain(
      HttpSecurity http, TokenStore store, SecuritySettings settings, SecurityErrors errors)
      throws Exception {
    http.csrf(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .formLogin(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .requestCache(AbstractHttpConfigurer::disable)
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .headers(PageHeaders::apply);
    if (store.isEmpty() && !settings.jwt().configured()) {
      return http.authorizeHttpRequests(a -> a.anyRequest().permitAll()).build();
    }
    var providers = new ArrayList<AuthenticationProvider>(List.of(store));
    if (settings.jwt().configured()) {
      providers.add(JwtTokens.of(settings.jwt()));
    }
    http.exceptionHandling(e -> e.authenticationEntryPoint(errors).accessDeniedHandler(errors))
        .addFilterBefore(
            new BearerTokenFilter(new ProviderManager(providers), errors),
            BasicAuthenticationFilter.class)
        .authorizeHttpRequests(
            a -> {
              // An error or async dispatch belongs to a request that was already let through.
              a.dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.ASYNC).permitAll();
              a.requestMatchers(HttpMethod.GET, AccessRules.OPEN.toArray(String[]::new))
                  .permitAll();
              a.requestMatchers(HttpMethod.HEAD, AccessRules.OPEN.toArray(String[]::new))
                  .permitAll();
              // Who am I: any valid token may ask which roles it holds (the page's actions).
              a.requestMatchers(HttpMethod.GET, AccessRules.WHOAMI).authenticated();
              for (var rule : AccessRules.RULES) {
                a.requestMatchers(rule.matcher()).hasRole(rule.role().label());
              }
              a.anyRequest().authenticated();
            });
    return http.build();
  }
}
